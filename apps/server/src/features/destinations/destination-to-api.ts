import { destinationSettingsSchema, type Destination } from '@billbridge/contract';
import type { DestinationRow } from '../../db/schema.ts';
import { missingFeatures } from '../../providers/hubspot/hubspot-connect.ts';

const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A destination row as the browser sees it (spec §3): connected or not, never its tokens. */
export const destinationToApi = (row: DestinationRow): Destination => {
  const settings = destinationSettingsSchema.safeParse(row.settings);
  return {
    id: row.id,
    name: row.name,
    type: 'hubspot',
    enabled: row.enabled,
    connected: row.accessTokenSealed !== null,
    needs_reconnect: row.connectionLostAt !== null,
    missing_currencies: row.missingCurrencies,
    missing_features: row.accessTokenSealed !== null ? missingFeatures(row.scopes) : [],
    portal_id: row.hubId,
    creation_time: epochSeconds(row.createdAt),
    update_time: epochSeconds(row.updatedAt),
    settings: settings.success
      ? settings.data
      : {
          pipeline_mapping_rules: [],
          field_mappings: [],
          companies_from_domains: false,
          tasks_on_failed_payment: false,
        },
  };
};
