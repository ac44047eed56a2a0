import { labelById } from './association-types.ts';
import { associationsOf } from './associations.ts';
import { addCurrency, enabledCurrencies, setCurrencies } from './currencies.ts';
import { objectTypes, resolveObjectType } from './object-types.ts';
import { RateLimiter } from './rate-limit.ts';
import { formatRecord, type RecordJson } from './records.ts';
import { RequestLog, type LoggedRequest } from './request-log.ts';
import type { HubSpotApp, HubSpotOptions, HubSpotRuntime } from './runtime.ts';
import { HubSpotStore, initialHubSpotData, type NewPortal } from './store.ts';
import { allScopes, issueAccessToken, issueRefreshToken, revokeRefreshToken } from './tokens.ts';
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

  /**
   * The portal uninstalls the app: its refresh tokens are revoked with the access tokens minted
   * from them, so calls answer 401 and refreshing answers BAD_REFRESH_TOKEN.
   */
  uninstallApp(portalId: number): number {
    const tokens = Object.values(this.rt.store.data.refreshTokens).filter(
      (record) => record.portalId === portalId,
    );
    for (const record of tokens) revokeRefreshToken(this.rt, record.token);
    return tokens.length;
  }

  /**
   * The portal deletes a deal stage, as a HubSpot user may at any time: it is archived and no longer
   * listed. Like HubSpot's pipeline editor, a stage that still holds deals is refused.
   */
  deleteStage(portalId: number, pipelineId: string, stageId: string): void {
    const stage = this.portal(portalId).pipelines[pipelineId]?.stages.find(
      (entry) => entry.id === stageId && !entry.archived,
    );
    if (!stage) throw new Error(`Pipeline ${pipelineId} has no stage ${stageId}.`);
    const holding = this.records(portalId, 'deals').filter(
      (deal) => deal.properties.pipeline === pipelineId && deal.properties.dealstage === stageId,
    );
    if (holding.length > 0)
      throw new Error(`Move the ${holding.length} deal(s) out of ${stage.label} first.`);
    stage.archived = true;
    this.rt.store.touch();
  }

  /** The portal deletes (archives) a custom property, as a HubSpot user may at any time. */
  deleteProperty(portalId: number, objectType: ObjectTypeName, name: string): void {
    const property = this.portal(portalId).properties[objectType]?.[name];
    if (!property || property.archived || property.hubspotDefined)
      throw new Error(`${objectType} has no custom property ${name}.`);
    property.archived = true;
    this.rt.store.touch();
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

  /** A portal's enabled currencies: the company currency first, then the added ones. */
  currencies(portalId: number): string[] {
    return enabledCurrencies(this.portal(portalId));
  }

  /** Sets a portal's enabled currencies; the first becomes the company currency. */
  setCurrencies(portalId: number, codes: string[]): string[] {
    setCurrencies(this.rt.store, this.portal(portalId), codes);
    return this.currencies(portalId);
  }

  /** Adds a currency to a portal (or gives an added one a new rate to the company currency). */
  enableCurrency(portalId: number, code: string, conversionRate = 1): string[] {
    addCurrency(this.rt.store, this.portal(portalId), code, conversionRate);
    return this.currencies(portalId);
  }

  /** Removes an added currency; the company currency stays. */
  disableCurrency(portalId: number, code: string): string[] {
    const [company, ...added] = this.currencies(portalId);
    if (code === company) throw new Error(`${code} is the company currency and cannot be removed.`);
    return this.setCurrencies(portalId, [company ?? 'USD', ...added.filter((entry) => entry !== code)]);
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
