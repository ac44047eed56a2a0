import {
  fieldMappingMessages,
  isBuiltInProperty,
  keyedError,
  newPropertyTypes,
  type NewPropertyType,
} from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { billbridgePropertyGroup } from '../../providers/hubspot/hubspot-properties.ts';
import { RejectedCrmError } from '../../providers/hubspot/hubspot-crm.ts';
import { forgetPortalProperties } from '../../providers/hubspot/portal-properties.ts';
import { portalFactStore } from '../../providers/hubspot/portal-facts.ts';
import { destinationCrm, propertiesCall } from './destination-crm.ts';
import { loadDestination } from './destination-store.ts';

/** HubSpot's internal name for a label: lower case letters, digits and underscores, from a letter. */
export const propertyNameOf = (label: string): string => {
  const name = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 90);
  return /^[a-z]/.test(name) ? name : `stripe_${name}`.replace(/_+$/, '');
};

/** A checkbox's two options, as HubSpot lists them for a `bool` property. */
const booleanOptions = [
  { label: 'Yes', value: 'true', displayOrder: 0 },
  { label: 'No', value: 'false', displayOrder: 1 },
];

/**
 * Creates a property in the product's property group of the portal (the group first, if missing),
 * so a field mapping can write to it. Needs the object's schema scope, which HubSpot grants for
 * contacts, deals and invoices but not for line items.
 */
export const createDestinationProperty = implement(
  'createDestinationProperty',
  async ({ subscriptionId, destinationId, object, label, type }, { app }) => {
    const row = await loadDestination(app.database.db, subscriptionId, destinationId);
    const crm = destinationCrm(app, row);
    if (!row.scopes.includes(`crm.schemas.${object}.write`))
      throw keyedError('failed-precondition', fieldMappingMessages, 'propertyCreateNotAllowed');
    const name = propertyNameOf(label);
    if (isBuiltInProperty(object, name))
      throw keyedError('invalid-argument', fieldMappingMessages, 'fieldMappingBuiltIn');
    const property = await propertiesCall(async () => {
      await crm.ensurePropertyGroup(object, billbridgePropertyGroup);
      return crm.createProperty(object, {
        name,
        label,
        type,
        fieldType: newPropertyTypes[type as NewPropertyType],
        groupName: billbridgePropertyGroup.name,
        ...(type === 'bool' ? { options: booleanOptions } : {}),
      });
    }).catch((error: unknown) => {
      if (error instanceof RejectedCrmError && error.status === 409)
        throw keyedError('already-exists', fieldMappingMessages, 'propertyNameTaken');
      if (error instanceof RejectedCrmError && error.status === 403)
        throw keyedError('failed-precondition', fieldMappingMessages, 'propertyCreateNotAllowed');
      throw error;
    });
    if (row.hubId) await forgetPortalProperties(row.hubId, object, portalFactStore(app.database.db));
    return { property };
  },
);
