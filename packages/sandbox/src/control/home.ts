import { badge, html } from '../shared/html.ts';
import type { ControlContext } from './context.ts';
import { actionButton, controlBase, controlPage, when } from './layout.ts';

/** The overview: both stand-ins, the clock, webhooks and faults. */
export const homePage = (ctx: ControlContext, notice?: string): string => {
  const { stripe, hubspot, faults } = ctx;
  const deliveries = stripe.webhooks.deliveries().slice(-15).reverse();
  return controlPage(
    ctx,
    'Overview',
    html`<h1>Sandbox control</h1>
      <div class="card">
        <h2>Stripe accounts</h2>
        <p class="muted">
          Stripe stand-in at <span class="mono">${stripe.rt.baseUrl}</span> · sandbox clock
          ${when(stripe.now())} UTC (offset ${Math.round(stripe.rt.clock.offset() / 86_400)} days)
        </p>
        <table>
          <thead>
            <tr>
              <th>Account</th>
              <th>Role</th>
              <th>Connected to</th>
              <th>Onboarding</th>
              <th>Customers</th>
              <th>Billing subscriptions</th>
            </tr>
          </thead>
          <tbody>
            ${stripe.accounts().map(
              (entry) =>
                html`<tr>
                  <td>
                    <a href="${controlBase}/stripe/${entry.account.id}"
                      >${entry.account.business_profile.name ?? entry.account.id}</a
                    ><br /><span class="mono muted">${entry.account.id}</span>
                  </td>
                  <td>${entry.role}</td>
                  <td class="mono">${entry.connectedTo ?? '—'}</td>
                  <td>
                    ${badge(String(entry.account.details_submitted))}
                    ${badge(String(entry.account.charges_enabled))}
                  </td>
                  <td>${Object.keys(entry.objects.customers).length}</td>
                  <td>${Object.keys(entry.objects.subscriptions).length}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <form class="row" method="post" action="${controlBase}/stripe-accounts">
          <label>Business name<input name="name" value="Acme Inc" /></label>
          <label>E-mail<input name="email" value="billing@acme.test" /></label>
          <label
            >Connect to the platform now<select name="connect">
              <option value="true">yes</option>
              <option value="false">no (connect later through OAuth)</option>
            </select></label
          >
          <button type="submit">Create Stripe account</button>
        </form>
        <h3>Clock</h3>
        <p class="muted">
          Advancing the clock renews billing periods, issues and charges invoices, retries failed payments —
          each change sends its webhooks.
        </p>
        ${actionButton(`${controlBase}/clock`, '+1 day', { days: '1' }, 'secondary')}
        ${actionButton(`${controlBase}/clock`, '+7 days', { days: '7' }, 'secondary')}
        ${actionButton(`${controlBase}/clock`, '+1 month (31 days)', { days: '31' }, 'secondary')}
        <form class="inline" method="post" action="${controlBase}/clock">
          <input name="days" size="4" value="3" aria-label="Days to advance" />
          <button type="submit" class="secondary">+ days</button>
        </form>
      </div>
      <div class="card">
        <h2>HubSpot portals</h2>
        <p class="muted">HubSpot stand-in at <span class="mono">${ctx.hubspotUrl()}</span></p>
        <table>
          <thead>
            <tr>
              <th>Portal</th>
              <th>Contacts</th>
              <th>Deals</th>
              <th>Line items</th>
              <th>Invoices</th>
              <th>Requests</th>
            </tr>
          </thead>
          <tbody>
            ${hubspot.portals().map(
              (portal) =>
                html`<tr>
                  <td>
                    <a href="${controlBase}/hubspot/${portal.id}">${portal.name}</a><br /><span
                      class="mono muted"
                      >hub ${portal.id}</span
                    >
                  </td>
                  <td>
                    ${Object.values(portal.objects.contacts).filter((record) => !record.archived).length}
                  </td>
                  <td>${Object.values(portal.objects.deals).filter((record) => !record.archived).length}</td>
                  <td>
                    ${Object.values(portal.objects.line_items).filter((record) => !record.archived).length}
                  </td>
                  <td>
                    ${Object.values(portal.objects.invoices).filter((record) => !record.archived).length}
                  </td>
                  <td>${hubspot.requestLog(portal.id).length}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <form class="row" method="post" action="${controlBase}/hubspot-portals">
          <label>Portal name<input name="name" value="Acme CRM" /></label
          ><button type="submit">Create portal</button>
        </form>
      </div>
      <div class="card">
        <h2>Stripe webhooks</h2>
        <table>
          <thead>
            <tr>
              <th>Endpoint</th>
              <th>Events of</th>
            </tr>
          </thead>
          <tbody>
            ${stripe.webhooks.list().map(
              (endpoint) =>
                html`<tr>
                  <td class="mono">${endpoint.url}</td>
                  <td>${endpoint.connect ? 'connected accounts (Connect)' : 'the platform account'}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <h3>Latest deliveries</h3>
        <table>
          <thead>
            <tr>
              <th>Event</th>
              <th>Type</th>
              <th>Account</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Last</th>
            </tr>
          </thead>
          <tbody>
            ${deliveries.map(
              (delivery) =>
                html`<tr>
                  <td class="mono">${delivery.eventId}</td>
                  <td>${delivery.type}</td>
                  <td class="mono">${delivery.account ?? 'platform'}</td>
                  <td>${badge(delivery.status)}</td>
                  <td>${delivery.attempts}</td>
                  <td>${delivery.lastError ?? delivery.lastStatus ?? ''}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <div class="card">
        <h2>Fault injection</h2>
        <table>
          <thead>
            <tr>
              <th>Service</th>
              <th>Method</th>
              <th>Path</th>
              <th>Effect</th>
              <th>Hits</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            ${faults.list().map(
              (fault) =>
                html`<tr>
                  <td>${fault.service ?? 'any'}${fault.tenant ? ` (${fault.tenant})` : ''}</td>
                  <td>${fault.method ?? 'any'}</td>
                  <td class="mono">${String(fault.path)}</td>
                  <td>
                    ${fault.drop ? 'drop connection' : fault.status ? `HTTP ${fault.status}` : ''}${fault.latencyMs ? ` +${fault.latencyMs} ms` : ''}${fault.times !== undefined ? ` × ${fault.times}` : ''}
                  </td>
                  <td>${fault.hits}</td>
                  <td>${actionButton(`${controlBase}/faults/${fault.id}/remove`, 'Remove', {}, 'danger')}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <form class="row" method="post" action="${controlBase}/faults">
          <label
            >Service<select name="service">
              <option>hubspot</option>
              <option>stripe</option>
              <option>any</option>
            </select></label
          >
          <label>Method<input name="method" size="6" placeholder="any" /></label>
          <label>Path (* and :param allowed)<input name="path" value="/crm/v3/objects/*" size="28" /></label>
          <label>Status<input name="status" size="4" placeholder="503" /></label>
          <label>Latency ms<input name="latencyMs" size="6" /></label>
          <label>Times<input name="times" size="4" placeholder="all" /></label>
          <label
            >Only for (portal or account id)<input name="tenant" size="18" placeholder="everyone"
          /></label>
          <label
            >Drop<select name="drop">
              <option value="false">no</option>
              <option value="true">yes</option>
            </select></label
          >
          <button type="submit">Add fault</button>
        </form>
        <h3>Dropped webhooks</h3>
        <table>
          <thead>
            <tr>
              <th>Event types</th>
              <th>Account</th>
              <th>Times</th>
              <th>Dropped</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            ${faults.webhookFaults().map(
              (fault) =>
                html`<tr>
                  <td class="mono">${String(fault.type ?? '*')}</td>
                  <td class="mono">${fault.tenant ?? 'any'}</td>
                  <td>${fault.times ?? 'all'}</td>
                  <td>${fault.hits}</td>
                  <td>${actionButton(`${controlBase}/faults/${fault.id}/remove`, 'Remove', {}, 'danger')}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <form class="row" method="post" action="${controlBase}/webhook-faults">
          <label>Event types (* allowed)<input name="type" value="customer.*" size="24" /></label>
          <label>Only for account<input name="tenant" size="18" placeholder="every account" /></label>
          <label>Times<input name="times" size="4" placeholder="all" /></label>
          <button type="submit">Drop webhooks</button>
        </form>
        ${actionButton(`${controlBase}/faults/clear`, 'Clear all faults', {}, 'danger')}
      </div>`,
    notice,
  );
};
