import { propertyValuesError } from './errors.ts';
import type { ObjectTypeInfo } from './object-types.ts';
import type { PortalCtx } from './runtime.ts';
import type { WriteValues } from './values.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Rules particular to one object type, applied to the merged (current + incoming) values:
 * e-mails are lower-cased and checked, deals need a stage of their pipeline, line items take
 * name and price from their product and compute their amount.
 */
export const applyTypeRules = (
  ctx: PortalCtx,
  info: ObjectTypeInfo,
  merged: WriteValues,
  incoming: WriteValues,
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
    if (incoming.amount === undefined && merged.price !== undefined && merged.price !== null) {
      const quantity = Number(merged.quantity ?? '1');
      const discount = Number(merged.discount ?? '0');
      const amount = (Number(merged.price) - discount) * quantity;
      merged.amount = Number.isFinite(amount)
        ? String(Math.round(amount * 100) / 100)
        : (merged.amount ?? null);
    }
  }
};
