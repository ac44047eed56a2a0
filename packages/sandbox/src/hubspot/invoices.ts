import { associationsOf } from './associations.ts';
import { hubspotError, propertyValuesError, validationError, type PropertyProblem } from './errors.ts';
import type { PortalCtx } from './runtime.ts';
import type { CrmRecord, PortalData } from './types.ts';
import type { WriteValues } from './values.ts';

/**
 * Where an invoice's status may go (invoices guide, knowledge base "HubSpot's default invoice
 * properties"): a draft is finalized (open) or voided; an open invoice is paid or voided; paid and
 * voided are final.
 */
const transitions: Record<string, string[]> = {
  draft: ['open', 'voided'],
  open: ['paid', 'voided'],
  paid: [],
  voided: [],
};

const statusProblem = (message: string): PropertyProblem => ({
  name: 'hs_invoice_status',
  error: 'INVALID_INVOICE_STATUS',
  message,
});

/** HubSpot's answer to a create without a required property, plus the property problem. */
const missingCurrency = (creating: boolean, portalId: number) =>
  creating
    ? hubspotError(
        400,
        'VALIDATION_ERROR',
        'Cannot create object with type: INVOICE. The following required properties were missing: [hs_currency]',
        {
          errors: [
            {
              message: 'hs_currency is required',
              code: 'REQUIRED_PROPERTY',
              context: { propertyName: ['hs_currency'] },
            },
          ],
        },
      )
    : propertyValuesError(
        [{ name: 'hs_currency', error: 'REQUIRED_PROPERTY', message: 'hs_currency is required' }],
        portalId,
      );

/** What an invoice lacks to be opened: one contact, at least one line item, a currency. */
const missingForOpen = (portal: PortalData, id: string, merged: WriteValues): string[] => {
  const contacts = associationsOf(portal, 'invoices', id, 'contacts').length;
  const lineItems = associationsOf(portal, 'invoices', id, 'line_items').length;
  return [
    ...(contacts === 0 ? ['an associated contact'] : []),
    ...(contacts > 1 ? [`exactly one associated contact (it has ${contacts})`] : []),
    ...(lineItems === 0 ? ['at least one associated line item'] : []),
    ...(merged.hs_currency ? [] : ['hs_currency']),
  ];
};

/** Finalized invoices are not edited through the API: only their status moves on. */
const editProblems = (current: CrmRecord, incoming: WriteValues, status: string): PropertyProblem[] =>
  Object.entries(incoming)
    .filter(([name, value]) => name !== 'hs_invoice_status' && value !== (current.properties[name] ?? null))
    .map(([name]) => ({
      name,
      error: 'INVOICE_NOT_EDITABLE',
      message: `The invoice is ${status}; ${name} can only change while it is a draft.`,
    }));

const createDefaults = (merged: WriteValues): void => {
  const at = new Date().toISOString();
  merged.hs_invoice_status = 'draft';
  merged.hs_invoice_date ??= at;
  merged.hs_due_date ??= at;
};

/**
 * An invoice's lifecycle: it needs a currency, starts as a draft, moves only along `transitions`,
 * opens only with its contact and line items, and is not edited once finalized.
 */
export const applyInvoiceRules = (
  ctx: PortalCtx,
  merged: WriteValues,
  incoming: WriteValues,
  current: CrmRecord | null,
): void => {
  const portalId = ctx.portal.id;
  if (!merged.hs_currency) throw missingCurrency(current === null, portalId);
  const to = merged.hs_invoice_status ?? 'draft';
  if (!current) {
    if (to !== 'draft')
      throw propertyValuesError(
        [statusProblem(`A new invoice starts as draft; it cannot be created as ${to}.`)],
        portalId,
      );
    createDefaults(merged);
    return;
  }
  const from = current.properties.hs_invoice_status ?? 'draft';
  if (from !== 'draft') {
    const problems = editProblems(current, incoming, from);
    if (problems.length > 0) throw propertyValuesError(problems, portalId);
  }
  if (to === from) return;
  if (!transitions[from]?.includes(to))
    throw propertyValuesError([statusProblem(`An invoice cannot move from ${from} to ${to}.`)], portalId);
  const missing = to === 'open' ? missingForOpen(ctx.portal, current.id, merged) : [];
  if (missing.length > 0)
    throw propertyValuesError(
      [statusProblem(`The invoice cannot move to open: it needs ${missing.join(', ')}.`)],
      portalId,
    );
  if (to === 'paid') merged.hs_payment_date = new Date().toISOString();
};

/** HubSpot numbers invoices itself (`INV-1001`, …); the number is read-only. */
export const nextInvoiceNumber = (portal: PortalData): string =>
  `INV-${1001 + Object.keys(portal.objects.invoices).length}`;

/** Sums of decimal prices, without binary floating-point noise (KWD has three decimals, so no cents rounding). */
export const money = (amount: number): string => String(Math.round(amount * 1e6) / 1e6);

/** An invoice's calculated amounts: billed is the sum of its line items, paid all of it once paid. */
export const invoiceAmounts = (portal: PortalData, invoice: CrmRecord): Record<string, string> => {
  const billed = associationsOf(portal, 'invoices', invoice.id, 'line_items').reduce(
    (sum, { toId }) => sum + Number(portal.objects.line_items[toId]?.properties.amount ?? 0),
    0,
  );
  const paid = invoice.properties.hs_invoice_status === 'paid' ? billed : 0;
  return {
    hs_subtotal: money(billed),
    hs_amount_billed: money(billed),
    hs_amount_paid: money(paid),
    hs_balance_due: money(billed - paid),
  };
};

/** Only drafts are deleted (deleting open ones is an account setting, off by default; paid and voided never). */
export const checkInvoiceArchivable = (invoice: CrmRecord): void => {
  const status = invoice.properties.hs_invoice_status ?? 'draft';
  if (status !== 'draft')
    throw validationError(`Invoice ${invoice.id} is ${status}; only draft invoices can be deleted.`, {
      context: { ids: [invoice.id] },
    });
};
