import { propertyValuesError, type PropertyProblem } from './errors.ts';
import { lineItemRevenueValues } from './deal-revenue.ts';
import { applyInvoiceRules, money } from './invoices.ts';
import type { ObjectTypeInfo } from './object-types.ts';
import type { PortalCtx } from './runtime.ts';
import type { CrmRecord } from './types.ts';
import type { WriteValues } from './values.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** ISO-8601 periods as Java's `Period` reads them: `PnYnMnD` (one part at least) or `PnW`. */
const datePeriod = /^P(?=\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?$/;
const weekPeriod = /^P(\d+)W$/;
const weekly = ['weekly', 'biweekly'];

const termProblem = (message: string): PropertyProblem => ({
  name: 'hs_recurring_billing_period',
  error: 'INVALID_RECURRING_BILLING_DURATION',
  message,
});

/**
 * A line item's term (`hs_recurring_billing_period`): an ISO-8601 period `PnYnMnD` or `PnW` that is
 * not zero, in weeks for weekly and biweekly billing and in months or years for the other frequencies.
 */
const lineItemTermProblem = (
  term: string,
  frequency: string | null | undefined,
): PropertyProblem | undefined => {
  const parts = datePeriod.exec(term) ?? weekPeriod.exec(term);
  if (!parts || parts.slice(1).every((part) => !part || Number(part) === 0))
    return termProblem(
      `${term} is not a valid term: hs_recurring_billing_period takes a non-zero ISO-8601 period, PnYnMnD or PnW (e.g. P12M).`,
    );
  if (!frequency) return undefined;
  if (weekly.includes(frequency) && !weekPeriod.test(term))
    return termProblem(
      `${term} does not fit billing frequency ${frequency}: it takes a term in weeks (PnW).`,
    );
  if (!weekly.includes(frequency) && !/^P(?:\d+Y)?(?:\d+M)?$/.test(term))
    return termProblem(
      `${term} does not fit billing frequency ${frequency}: it takes a term in months or years (PnM, PnY).`,
    );
  return undefined;
};

/** A product's term is `P#M`, a whole number of months (products guide). */
const productTermProblem = (term: string): PropertyProblem | undefined =>
  /^P[1-9]\d*M$/.test(term)
    ? undefined
    : termProblem(
        `${term} is not a valid term: a product's hs_recurring_billing_period is P#M, a whole number of months.`,
      );

const throwIf = (problem: PropertyProblem | undefined, portalId: number): void => {
  if (problem) throw propertyValuesError([problem], portalId);
};

/**
 * Rules particular to one object type, applied to the merged (current + incoming) values:
 * e-mails are lower-cased and checked, deals need a stage of their pipeline, line items take
 * name and price from their product, need a valid term and compute their amount, invoices follow
 * their lifecycle. `current` is the record being updated (none on create).
 */
export const applyTypeRules = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  merged: WriteValues,
  incoming: WriteValues,
  current: CrmRecord | null,
): void => {
  const portalId = ctx.portal.id;
  if (info.name === 'contacts' && merged.email) {
    merged.email = merged.email.trim().toLowerCase();
    if (!emailPattern.test(merged.email)) {
      throw propertyValuesError(
        [{ name: 'email', error: 'INVALID_EMAIL', message: `Email address ${merged.email} is invalid` }],
        portalId,
      );
    }
  }
  if (info.name === 'deals') {
    const pipelineId = merged.pipeline ?? 'default';
    const pipeline = ctx.portal.pipelines[pipelineId];
    if (!pipeline || pipeline.archived) {
      throw propertyValuesError(
        [{ name: 'pipeline', error: 'INVALID_OPTION', message: `${pipelineId} is not a valid pipeline ID` }],
        portalId,
      );
    }
    merged.pipeline = pipelineId;
    const stages = pipeline.stages.filter((stage) => !stage.archived);
    if (merged.dealstage === null || merged.dealstage === undefined) merged.dealstage = stages[0]?.id ?? null;
    if (!stages.some((stage) => stage.id === merged.dealstage)) {
      throw propertyValuesError(
        [
          {
            name: 'dealstage',
            error: 'INVALID_OPTION',
            message: `${merged.dealstage} was not one of the allowed options: [${stages.map((stage) => stage.id).join(', ')}]`,
          },
        ],
        portalId,
      );
    }
  }
  if (info.name === 'line_items') {
    const productId = merged.hs_product_id;
    if (productId && incoming.hs_product_id !== undefined) {
      const product = ctx.portal.objects.products[productId];
      if (!product || product.archived) {
        throw propertyValuesError(
          [
            {
              name: 'hs_product_id',
              error: 'INVALID_OBJECT_ID',
              message: `Product ${productId} does not exist`,
            },
          ],
          portalId,
        );
      }
      for (const copied of [
        'name',
        'price',
        'description',
        'hs_sku',
        'recurringbillingfrequency',
        'hs_recurring_billing_period',
      ]) {
        if (merged[copied] === undefined || merged[copied] === null)
          merged[copied] = product.properties[copied] ?? null;
      }
    }
    if (merged.hs_recurring_billing_period)
      throwIf(
        lineItemTermProblem(merged.hs_recurring_billing_period, merged.recurringbillingfrequency),
        portalId,
      );
    if (merged.price && Number(merged.price) < 0)
      throwIf(
        {
          name: 'price',
          error: 'INVALID_PRICE',
          message: `A line item's price cannot be negative; got ${merged.price}.`,
        },
        portalId,
      );
    if (incoming.amount === undefined && merged.price !== undefined && merged.price !== null) {
      const quantity = Number(merged.quantity ?? '1');
      const discount = Number(merged.discount ?? '0');
      const amount = (Number(merged.price) - discount) * quantity;
      merged.amount = Number.isFinite(amount) ? money(amount) : (merged.amount ?? null);
    }
    Object.assign(merged, lineItemRevenueValues(merged));
  }
  if (info.name === 'products' && merged.hs_recurring_billing_period)
    throwIf(productTermProblem(merged.hs_recurring_billing_period), portalId);
  if (info.name === 'invoices') applyInvoiceRules(ctx, merged, incoming, current);
};
