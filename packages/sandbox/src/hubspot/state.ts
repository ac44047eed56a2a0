import { labelById } from './association-types.ts';
import { associationsOf } from './associations.ts';
import { objectTypes, resolveObjectType } from './object-types.ts';
import { RateLimiter } from './rate-limit.ts';
import { formatRecord, type RecordJson } from './records.ts';
import { RequestLog, type LoggedRequest } from './request-log.ts';
import type { HubSpotApp, HubSpotOptions, HubSpotRuntime } from './runtime.ts';
import { HubSpotStore, initialHubSpotData, type NewPortal } from './store.ts';
import { allScopes, issueAccessToken, issueRefreshToken } from './tokens.ts';
import type { HubSpotData, ObjectTypeName, PortalData } from './types.ts';

export const defaultHubSpotApp: HubSpotApp = {
  clientId: 'hubspot-sandbox-client-id',
  clientSecret: 'hubspot-sandbox-client-secret',
  appId: 1_000_001,
  name: 'Billbridge',
};

export type AssociatedRecord = {
  id: string;
  types: { typeId: number; label: string | null; name: string }[];
};

/**
 * Direct access to the HubSpot stand-in for tests, the control page and demos: portals, tokens
 * (without the OAuth dance), records with their associations, and each portal's request log.
 */
export class HubSpotState {
  readonly rt: HubSpotRuntime;

  constructor(app: HubSpotApp, options: HubSpotOptions, snapshot: HubSpotData | undefined) {
    this.rt = {
      store: new HubSpotStore(snapshot ?? initialHubSpotData()),
      app,
      options,
      limiter: new RateLimiter(options.rateLimits),
      log: new RequestLog(),
      baseUrl: '',
    };
  }

  get store(): HubSpotStore {
    return this.rt.store;
  }

  get log(): RequestLog {
    return this.rt.log;
  }

  revision(): number {
    return this.rt.store.revision();
  }

  snapshot(): HubSpotData {
    return this.rt.store.data;
  }

  createPortal(input: NewPortal = {}): PortalData {
    return this.rt.store.createPortal(input);
  }

  portals(): PortalData[] {
    return this.rt.store.portals();
  }

  portal(portalId: number): PortalData {
    return this.rt.store.requirePortal(portalId);
  }

  /** An access token (and its refresh token) for a portal, as if the OAuth flow had run; all scopes by default. */
  issueToken(
    portalId: number,
    options: { scopes?: string[]; ttlSeconds?: number } = {},
  ): { accessToken: string; refreshToken: string; expiresIn: number } {
    const portal = this.portal(portalId);
    const refresh = issueRefreshToken(this.rt, portal, this.rt.app.clientId, options.scopes ?? allScopes);
    const access = issueAccessToken(this.rt, refresh, options.ttlSeconds);
    return {
      accessToken: access.token,
      refreshToken: refresh.token,
      expiresIn: options.ttlSeconds ?? this.rt.options.tokenTtlSeconds,
    };
  }

  /** Makes an access token expire now (tests of the refresh path). */
  expireToken(accessToken: string): void {
    const record = this.rt.store.data.accessTokens[accessToken];
    if (record) {
      record.expiresAt = Date.now() - 1000;
      this.rt.store.touch();
    }
  }

  setSearchIndexDelay(ms: number): void {
    this.rt.options.searchIndexDelayMs = ms;
  }

  setRateLimits(enabled: boolean): void {
    this.rt.options.rateLimits = enabled;
    this.rt.limiter.setEnabled(enabled);
  }

  resetRateLimits(portalId?: number): void {
    this.rt.limiter.reset(portalId);
  }

  /** Live (not archived) records of a type, with every property. */
  records(portalId: number, type: ObjectTypeName | string): RecordJson[] {
    const info = resolveObjectType(type);
    if (!info) throw new Error(`Unknown object type ${type}`);
    return Object.values(this.portal(portalId).objects[info.name])
      .filter((record) => !record.archived)
      .map((record) => formatRecord(info, record, Object.keys(record.properties)));
  }

  record(portalId: number, type: ObjectTypeName | string, id: string): RecordJson | undefined {
    return this.records(portalId, type).find((record) => record.id === id);
  }

  associations(
    portalId: number,
    fromType: ObjectTypeName | string,
    fromId: string,
    toType: ObjectTypeName | string,
  ): AssociatedRecord[] {
    const from = resolveObjectType(fromType);
    const to = resolveObjectType(toType);
    if (!from || !to) throw new Error(`Unknown object type ${fromType} or ${toType}`);
    const portal = this.portal(portalId);
    return associationsOf(portal, from.name, fromId, to.name).map(({ toId, typeIds }) => ({
      id: toId,
      types: typeIds.map((typeId) => {
        const label = labelById(portal, typeId);
        return { typeId, label: label?.label ?? null, name: label?.name ?? String(typeId) };
      }),
    }));
  }

  /** Requests a portal received (oldest first). */
  requestLog(portalId: number): LoggedRequest[] {
    return this.rt.log.list(portalId);
  }

  objectTypeNames(): ObjectTypeName[] {
    return Object.keys(objectTypes) as ObjectTypeName[];
  }
}
