import { badge, html } from '../shared/html.ts';
import type { AccountEntry, SubscriptionStatus } from '../stripe/types.ts';
import type { ControlContext } from './context.ts';
import { restrictedKeyResources } from '../stripe/http/permissions.ts';
import { actionButton, controlBase, controlPage, money, when } from './layout.ts';

const statuses: SubscriptionStatus[] = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
  'incomplete',
  'incomplete_expired',
  'canceled',
];

const testCards = [
  ['4242424242424242', 'Visa 4242 (succeeds)'],
  ['4000000000000341', 'Visa 0341 (attaches, payments fail)'],
  ['4000000000009995', 'Visa 9995 (insufficient funds)'],
  ['5555555555554444', 'Mastercard 4444 (succeeds)'],
];

/** One Stripe account: its customers, catalog, billing subscriptions, invoices and latest events. */
export const stripeAccountPage = (ctx: ControlContext, entry: AccountEntry, notice?: string): string => {
  const base = `${controlBase}/stripe/${entry.account.id}`;
  const { customers, products, prices, subscriptions, invoices, payment_methods: cards } = entry.objects;
  const customerList = Object.values(customers).reverse();
  const priceList = Object.values(prices).reverse();
  const customerOptions = customerList.map(
    (customer) =>
      html`<option value="${customer.id}">${customer.name ?? customer.email ?? customer.id}</option>`,
  );
  const priceOptions = priceList
    .filter((price) => price.recurring && price.active)
    .map(
      (price) =>
        html`<option value="${price.id}">
          ${products[price.product]?.name ?? price.product} ·
          ${money(price.unit_amount, price.currency)}/${price.recurring?.interval}
        </option>`,
    );
  const account = entry.account;
  return controlPage(
    ctx,
    account.business_profile.name ?? account.id,
    html`<h1>${account.business_profile.name ?? account.id} <span class="mono muted">${account.id}</span></h1>
      <div class="card">
        <h2>Account</h2>
        <p>
          ${entry.role === 'platform' ? 'Platform account (Billbridge’s own billing).' : entry.connectedTo ? html`Connected to the platform <span class="mono">${entry.connectedTo}</span>.` : 'Not connected to any platform.'}
          Secret key <span class="mono">${entry.secretKeys[0] ?? ''}</span> · publishable key
          <span class="mono">${entry.publishableKey}</span>
        </p>
        <form class="row" method="post" action="${base}/flags">
          ${(['details_submitted', 'charges_enabled', 'payouts_enabled'] as const).map(
            (flag) =>
              html`<label
                >${flag}<select name="${flag}">
                  <option value="true" ${account[flag] ? html`selected` : ''}>true</option>
                  <option value="false" ${account[flag] ? '' : html`selected`}>false</option>
                </select></label
              >`,
          )}
          <button type="submit">Update (sends account.updated)</button>
        </form>
        ${entry.role !== 'platform' && entry.connectedTo ? actionButton(`${base}/revoke-platform`, 'Revoke the platform’s access', {}, 'danger') : ''}
      </div>
      ${restrictedKeysCard(entry, base)}
      <div class="card">
        <h2>Customers</h2>
        <table>
          <thead>
            <tr>
              <th>Customer</th>
              <th>E-mail</th>
              <th>Default card</th>
              <th>Add a test card</th>
            </tr>
          </thead>
          <tbody>
            ${customerList.map((customer) => {
              const card = customer.invoice_settings.default_payment_method
                ? cards[customer.invoice_settings.default_payment_method]
                : undefined;
              return html`<tr>
                <td>${customer.name ?? '—'}<br /><span class="mono muted">${customer.id}</span></td>
                <td>
                  ${customer.email ?? '—'}
                  <form class="inline" method="post" action="${base}/customers/${customer.id}/email">
                    <input
                      name="email"
                      type="email"
                      required
                      aria-label="New e-mail of ${customer.name ?? customer.id}"
                      placeholder="new@example.com"
                    /><button class="secondary" type="submit">Change e-mail</button>
                  </form>
                </td>
                <td>${card ? `${card.card.brand} •••• ${card.card.last4}` : '—'}</td>
                <td>
                  <form class="inline" method="post" action="${base}/cards">
                    <input type="hidden" name="customer" value="${customer.id}" /><select name="number">
                      ${testCards.map(([number, label]) => html`<option value="${number}">${label}</option>`)}
                    </select>
                    <button class="secondary" type="submit">Attach as default</button>
                  </form>
                </td>
              </tr>`;
            })}
          </tbody>
        </table>
        <form class="row" method="post" action="${base}/customers">
          <label>Name<input name="name" value="Jenny Rosen" /></label
          ><label>E-mail<input name="email" value="jenny@example.com" /></label>
          <label>Metadata<input name="metadata" placeholder="region=EMEA, tier=gold" /></label>
          <label
            >Card<select name="number">
              <option value="">none</option>
              ${testCards.map(([number, label]) => html`<option value="${number}">${label}</option>`)}
            </select></label
          >
          <button type="submit">Create customer</button>
        </form>
      </div>
      <div class="card">
        <h2>Products and prices</h2>
        <table>
          <thead>
            <tr>
              <th>Product</th>
              <th>Prices</th>
            </tr>
          </thead>
          <tbody>
            ${Object.values(products)
              .reverse()
              .map(
                (product) =>
                  html`<tr>
                    <td>${product.name}<br /><span class="mono muted">${product.id}</span></td>
                    <td>
                      ${priceList
                        .filter((price) => price.product === product.id)
                        .map(
                          (price) =>
                            html`<div>
                              <span class="mono">${price.id}</span>
                              ${money(price.unit_amount, price.currency)}${price.recurring ? ` / ${price.recurring.interval}${price.recurring.usage_type === 'metered' ? ' (metered)' : ''}` : ''}
                            </div>`,
                        )}
                    </td>
                  </tr>`,
              )}
          </tbody>
        </table>
        <form class="row" method="post" action="${base}/products">
          <label>Product name<input name="name" value="Pro plan" /></label
          ><label>Monthly price (cents)<input name="unit_amount" value="4900" size="8" /></label
          ><label>Currency<input name="currency" value="usd" size="4" /></label
          ><label
            >Interval<select name="interval">
              <option>month</option>
              <option>year</option>
              <option>week</option>
              <option>day</option>
            </select></label
          ><label>Product metadata<input name="metadata" placeholder="plan_tier=gold" /></label
          ><button type="submit">Create product with price</button>
        </form>
        <form class="row" method="post" action="${base}/prices">
          <label
            >Product<select name="product">
              ${Object.values(products).map((product) => html`<option value="${product.id}">${product.name}</option>`)}
            </select></label
          ><label>Amount (cents)<input name="unit_amount" value="9900" size="8" /></label
          ><label>Currency<input name="currency" value="usd" size="4" /></label
          ><label
            >Interval<select name="interval">
              <option>month</option>
              <option>year</option>
            </select></label
          ><label>Price metadata<input name="metadata" placeholder="plan_tier=gold" /></label
          ><button type="submit" class="secondary">Add price</button>
        </form>
      </div>
      <div class="card">
        <h2>Billing subscriptions</h2>
        <table>
          <thead>
            <tr>
              <th>Subscription</th>
              <th>Customer</th>
              <th>Items</th>
              <th>Status</th>
              <th>Current period</th>
              <th>Move to status</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            ${Object.values(subscriptions)
              .reverse()
              .map((subscription) => {
                const item = subscription.items.data[0];
                return html`<tr>
                  <td class="mono">${subscription.id}</td>
                  <td>${customers[subscription.customer]?.name ?? subscription.customer}</td>
                  <td>
                    ${subscription.items.data.map((line) => html`<div>${line.quantity} × ${products[line.price.product]?.name ?? line.price.product} (${money(line.price.unit_amount, line.price.currency)})</div>`)}
                  </td>
                  <td>
                    ${badge(subscription.status)}${subscription.cancel_at_period_end ? html` <span class="badge warn">cancels at period end</span>` : ''}
                  </td>
                  <td>${when(item?.current_period_start)} → ${when(item?.current_period_end)}</td>
                  <td>
                    <form
                      class="inline"
                      method="post"
                      action="${base}/subscriptions/${subscription.id}/status"
                    >
                      <select name="status">
                        ${statuses.map((status) => html`<option ${status === subscription.status ? html`selected` : ''}>${status}</option>`)}
                      </select>
                      <button class="secondary" type="submit">Move</button>
                    </form>
                  </td>
                  <td>
                    <form
                      class="inline"
                      method="post"
                      action="${base}/subscriptions/${subscription.id}/price"
                    >
                      <select name="price">
                        ${priceOptions}
                      </select>
                      <button class="secondary" type="submit">Change price</button>
                    </form>
                    ${actionButton(`${base}/subscriptions/${subscription.id}/cancel-at-period-end`, subscription.cancel_at_period_end ? 'Keep' : 'Cancel at period end', {}, 'secondary')}
                    ${actionButton(`${base}/subscriptions/${subscription.id}/cancel`, 'Cancel now', {}, 'danger')}
                  </td>
                </tr>`;
              })}
          </tbody>
        </table>
        <form class="row" method="post" action="${base}/subscriptions">
          <label
            >Customer<select name="customer">
              ${customerOptions}
            </select></label
          >
          <label
            >Price<select name="price">
              ${priceOptions}
            </select></label
          >
          <label>Quantity<input name="quantity" value="1" size="3" /></label>
          <label>Trial days<input name="trial_period_days" size="3" placeholder="0" /></label>
          <label
            >Payment<select name="payment_behavior">
              <option value="allow_incomplete">charge the default card now</option>
              <option value="default_incomplete">leave incomplete (pay later)</option>
            </select></label
          >
          <button type="submit">Create billing subscription</button>
        </form>
      </div>
      <div class="card">
        <h2>Invoices</h2>
        <table>
          <thead>
            <tr>
              <th>Number</th>
              <th>Customer</th>
              <th>Reason</th>
              <th>Total</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Created</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            ${Object.values(invoices)
              .reverse()
              .slice(0, 50)
              .map(
                (invoice) =>
                  html`<tr>
                    <td>
                      ${invoice.hosted_invoice_url ? html`<a href="${invoice.hosted_invoice_url}" target="_blank">${invoice.number ?? invoice.id}</a>` : (invoice.number ?? invoice.id)}<br /><span
                        class="mono muted"
                        >${invoice.id}</span
                      >
                    </td>
                    <td>${invoice.customer_name ?? invoice.customer}</td>
                    <td>${invoice.billing_reason ?? ''}</td>
                    <td>${money(invoice.total, invoice.currency)}</td>
                    <td>${badge(invoice.status)}</td>
                    <td>${invoice.attempt_count}</td>
                    <td>${when(invoice.created)}</td>
                    <td>
                      ${invoice.status === 'open' || invoice.status === 'uncollectible' ? html`${actionButton(`${base}/invoices/${invoice.id}/pay`, 'Pay')} ${actionButton(`${base}/invoices/${invoice.id}/fail`, 'Fail payment', {}, 'secondary')} ${actionButton(`${base}/invoices/${invoice.id}/void`, 'Void', {}, 'danger')}` : ''}
                      ${invoice.status === 'open' ? actionButton(`${base}/invoices/${invoice.id}/uncollectible`, 'Uncollectible', {}, 'danger') : ''}
                    </td>
                  </tr>`,
              )}
          </tbody>
        </table>
      </div>
      <div class="card">
        <h2>Latest events</h2>
        <table>
          <thead>
            <tr>
              <th>Event</th>
              <th>Type</th>
              <th>Object</th>
              <th>Created</th>
              <th>Pending webhooks</th>
            </tr>
          </thead>
          <tbody>
            ${entry.events
              .slice(-40)
              .reverse()
              .map((event) => {
                const object = event.data.object as { id?: string };
                return html`<tr>
                  <td class="mono">${event.id}</td>
                  <td>${event.type}</td>
                  <td class="mono">${object.id ?? ''}</td>
                  <td>${when(event.created)}</td>
                  <td>${event.pending_webhooks}</td>
                </tr>`;
              })}
          </tbody>
        </table>
      </div>`,
    notice,
  );
};

/** The dashboard's restricted keys: each resource None, Read or Write; a key can be deleted (then 401). */
const restrictedKeysCard = (entry: AccountEntry, base: string) =>
  html`<div class="card">
    <h2>Restricted keys</h2>
    <table>
      <thead>
        <tr>
          <th>Key</th>
          <th>Permissions</th>
          <th></th>
        </tr>
      </thead>
      <tbody>
        ${(entry.restrictedKeys ?? []).map(
          (restricted) =>
            html`<tr>
              <td class="mono">${restricted.key}</td>
              <td>
                ${Object.entries(restricted.permissions)
                  .map(([resource, access]) => `${resource}: ${access}`)
                  .join(', ')}
              </td>
              <td>
                ${actionButton(`${base}/restricted-keys/revoke`, 'Delete key', { key: restricted.key }, 'danger')}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
    <form class="row" method="post" action="${base}/restricted-keys">
      <label>Name <input name="name" value="Billbridge" /></label>
      ${restrictedKeyResources.map(
        (resource) =>
          html`<label
            >${resource}<select name="${resource}">
              <option value="none">None</option>
              <option value="read" ${resource === 'webhook_endpoints' ? '' : html`selected`}>Read</option>
              <option value="write" ${resource === 'webhook_endpoints' ? html`selected` : ''}>Write</option>
            </select></label
          >`,
      )}
      <button type="submit">Create restricted key</button>
    </form>
  </div>`;
