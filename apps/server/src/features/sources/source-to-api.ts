import { sourceSettingsSchema, type Source, type SourceAuth } from '@billbridge/contract';
import type { SourceRow } from '../../db/schema.ts';

const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

const authOf = (row: SourceRow): SourceAuth => {
  const auth = row.auth;
  return {
    account_id: row.accountId ?? '',
    details_submitted: auth.details_submitted === true,
    charges_enabled: auth.charges_enabled === true,
    payouts_enabled: auth.payouts_enabled === true,
    type: typeof auth.type === 'string' ? auth.type : '',
  };
};

/** A source row as the browser sees it (spec §3): never its key nor its endpoint's secret. */
export const sourceToApi = (row: SourceRow): Source => {
  const settings = sourceSettingsSchema.safeParse(row.settings);
  return {
    id: row.id,
    name: row.name,
    type: 'stripe',
    status: row.accountId ? 'connected' : 'not_connected',
    enabled: row.enabled,
    needs_reconnect: row.connectionLostAt !== null,
    connection_kind: row.accountId ? (row.restrictedKeySealed ? 'restricted_key' : 'oauth') : null,
    creation_time: epochSeconds(row.createdAt),
    update_time: epochSeconds(row.updatedAt),
    auth: authOf(row),
    settings: settings.success ? settings.data : sourceSettingsSchema.parse({}),
  };
};
