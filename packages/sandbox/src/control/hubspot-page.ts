import { html, type Html } from '../shared/html.ts';
import type { HubSpotState } from '../hubspot/state.ts';
import type { ObjectTypeName, PortalData } from '../hubspot/types.ts';
import type { ControlContext } from './context.ts';
import { actionButton, controlBase, controlPage } from './layout.ts';

const associationCell = (
  state: HubSpotState,
  portal: PortalData,
  type: ObjectTypeName,
  id: string,
  targets: ObjectTypeName[],
): Html =>
  html`${targets.map((target) => {
    const linked = state.associations(portal.id, type, id, target);
    return linked.length > 0
      ? html`<div>
          <span class="muted">${target}:</span> ${linked.map(
            (entry) =>
              html`<span class="mono">${entry.id}</span>${
                  entry.types.some((label) => label.label)
                    ? html` (${entry.types
                        .map((label) => label.label)
                        .filter(Boolean)
                        .join(', ')})`
                    : ''
                } `,
          )}
        </div>`
      : '';
  })}`;

const table = (
  state: HubSpotState,
  portal: PortalData,
  type: ObjectTypeName,
  columns: string[],
  targets: ObjectTypeName[],
  filter: (properties: Record<string, string | null>) => boolean = () => true,
): Html => {
  const records = state.records(portal.id, type).filter((record) => filter(record.properties));
  if (records.length === 0) return html`<p class="muted">None.</p>`;
  /** Values of properties an app created (field mappings), shown beside the default columns. */
  const custom = (properties: Record<string, string | null>) =>
    Object.entries(properties).filter(
      ([name, value]) =>
        value !== null &&
        value !== '' &&
        !columns.includes(name) &&
        portal.properties[type][name]?.hubspotDefined === false &&
        name !== 'billbridge_stripe_id',
    );
  return html`<table>
    <thead>
      <tr>
        <th>ID</th>
        ${columns.map((column) => html`<th>${column}</th>`)}
        <th>Custom properties</th>
        <th>Associations</th>
      </tr>
    </thead>
    <tbody>
      ${records.map(
        (record) =>
          html`<tr id="record-${record.id}">
            <td class="mono">${record.id}</td>
            ${columns.map((column) => html`<td>${record.properties[column] ?? ''}</td>`)}
            <td>
              ${custom(record.properties).map(
                ([name, value]) => html`<div><span class="muted">${name}:</span> ${value}</div>`,
              )}
            </td>
            <td>${associationCell(state, portal, type, record.id, targets)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
};

/** An object's properties created by apps or users (not HubSpot's, not Billbridge's key), each deletable. */
const customProperties = (portal: PortalData, type: ObjectTypeName): Html => {
  const custom = Object.values(portal.properties[type]).filter(
    (property) => !property.hubspotDefined && !property.archived && property.name !== 'billbridge_stripe_id',
  );
  return custom.length === 0
    ? html``
    : html`<p>
        Custom properties:
        ${custom.map(
          (property) =>
            html`<span class="mono">${property.name}</span>
              ${actionButton(`${controlBase}/hubspot/${portal.id}/properties/${type}/${property.name}/delete`, `Delete property ${property.label}`, {}, 'secondary')} `,
        )}
      </p>`;
};

/** The portal's currencies: the company one (fixed here) and the added ones, each removable. */
const currencyCard = (state: HubSpotState, portal: PortalData): Html => {
  const base = `${controlBase}/hubspot/${portal.id}/currencies`;
  const [company, ...added] = state.currencies(portal.id);
  return html`<div class="card">
    <h2>Currencies</h2>
    <p>
      Company currency <strong class="mono">${company}</strong>. Deals, line items and invoices take only
      these codes.
    </p>
    ${added.map(
      (code) =>
        html`<span class="mono">${code}</span>
          ${actionButton(`${base}/${code}/remove`, `Remove ${code}`, {}, 'secondary')} `,
    )}
    <form class="row" method="post" action="${base}">
      <label>Currency<input name="code" value="EUR" /></label
      ><label>Rate to ${company}<input name="rate" value="1" /></label>
      <button type="submit">Add currency</button>
    </form>
  </div>`;
};

/** One portal: currencies, contacts, companies, deals by pipeline and stage, line items, invoices and products, with associations. */
export const hubspotPortalPage = (ctx: ControlContext, portal: PortalData, notice?: string): string => {
  const state = ctx.hubspot;
  const pipelines = Object.values(portal.pipelines).filter((pipeline) => !pipeline.archived);
  const requests = state.requestLog(portal.id).slice(-30).reverse();
  return controlPage(
    ctx,
    portal.name,
    html`<h1>${portal.name} <span class="mono muted">hub ${portal.id}</span></h1>
      <div class="card">
        ${actionButton(`${controlBase}/hubspot/${portal.id}/uninstall`, 'Uninstall the app (revokes its tokens)', {}, 'danger')}
      </div>
      ${currencyCard(state, portal)}
      <section class="card" aria-label="Contacts">
        <h2>Contacts</h2>
        ${table(state, portal, 'contacts', ['email', 'firstname', 'lastname', 'state', 'billbridge_stripe_customer_id', 'lastmodifieddate'], ['deals', 'invoices', 'companies'])}
        ${customProperties(portal, 'contacts')}
      </section>
      <section class="card" aria-label="Companies">
        <h2>Companies</h2>
        ${table(state, portal, 'companies', ['name', 'domain'], ['contacts', 'deals'])}
      </section>
      <div class="card">
        <h2>Deals by pipeline and stage</h2>
        ${pipelines.map(
          (pipeline) =>
            html`<h3>${pipeline.label} <span class="mono muted">${pipeline.id}</span></h3>
              ${pipeline.stages
                .filter((stage) => !stage.archived)
                .map(
                  (stage) =>
                    html`<section aria-label="${pipeline.label} › ${stage.label}">
                      <h3 style="font-weight:500">
                        ${stage.label} <span class="mono muted">${stage.id}</span>
                        ${actionButton(`${controlBase}/hubspot/${portal.id}/pipelines/${pipeline.id}/stages/${stage.id}/delete`, `Delete stage ${stage.label}`, {}, 'secondary')}
                      </h3>
                      ${table(state, portal, 'deals', ['dealname', 'amount', 'closedate'], ['contacts', 'companies', 'line_items', 'invoices'], (properties) => properties.pipeline === pipeline.id && properties.dealstage === stage.id)}
                    </section>`,
                )}`,
        )}
      </div>
      <div class="card">
        <h2>Line items</h2>
        ${table(state, portal, 'line_items', ['name', 'quantity', 'price', 'amount', 'hs_product_id'], ['deals', 'invoices'])}
      </div>
      <div class="card">
        <h2>Invoices</h2>
        ${table(state, portal, 'invoices', ['hs_number', 'hs_invoice_status', 'hs_amount_billed', 'hs_currency', 'hs_due_date'], ['contacts', 'deals', 'line_items'])}
      </div>
      <section class="card" aria-label="Notes">
        <h2>Notes</h2>
        ${table(state, portal, 'notes', ['hs_timestamp', 'hs_note_body'], ['contacts', 'deals', 'invoices'])}
      </section>
      <section class="card" aria-label="Tasks">
        <h2>Tasks</h2>
        ${table(state, portal, 'tasks', ['hs_task_subject', 'hubspot_owner_id', 'hs_task_status', 'hs_timestamp'], ['contacts', 'deals'])}
      </section>
      <div class="card">
        <h2>Products</h2>
        ${table(state, portal, 'products', ['name', 'price', 'hs_sku'], [])}
      </div>
      <div class="card">
        <h2>Latest requests</h2>
        <table>
          <thead>
            <tr>
              <th>At</th>
              <th>Method</th>
              <th>Path</th>
              <th>Status</th>
              <th>ms</th>
            </tr>
          </thead>
          <tbody>
            ${requests.map(
              (request) =>
                html`<tr>
                  <td>${request.at.slice(11, 19)}</td>
                  <td>${request.method}</td>
                  <td class="mono">${request.path}</td>
                  <td>${request.status}</td>
                  <td>${request.durationMs}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`,
    notice,
  );
};
