import { defaultCurrencies } from './currencies-default.ts';
import { defaultGroups, defaultProperties } from './default-properties.ts';
import { objectTypes } from './object-types.ts';
import { defaultDealPipeline } from './pipelines-default.ts';
import type { HubSpotData, ObjectTypeName, PortalData } from './types.ts';

export const initialHubSpotData = (): HubSpotData => ({
  version: 1,
  nextObjectId: 10_000_001,
  nextPortalId: 50_000_001,
  nextTypeId: 500,
  nextPipelineId: 80_000_001,
  portals: {},
  codes: {},
  refreshTokens: {},
  accessTokens: {},
});

export type NewPortal = { name?: string; email?: string };

const objectTypeNames = Object.keys(objectTypes) as ObjectTypeName[];

const perType = <T>(make: (type: ObjectTypeName) => T): Record<ObjectTypeName, T> =>
  Object.fromEntries(objectTypeNames.map((type) => [type, make(type)])) as Record<ObjectTypeName, T>;

/** Snapshots saved by older stand-ins get today's rules: USD only, and HubSpot's read-only values. */
const upgradePortal = (portal: PortalData): void => {
  portal.currencies ??= defaultCurrencies(portal.createdAt);
  for (const type of objectTypeNames) {
    // Object types added since the snapshot (notes, tasks) start empty.
    portal.objects[type] ??= {};
    portal.properties[type] ??= defaultProperties(type, portal.createdAt);
    portal.propertyGroups[type] ??= defaultGroups(type);
    for (const definition of Object.values(defaultProperties(type, portal.createdAt))) {
      const existing = portal.properties[type][definition.name];
      if (existing?.hubspotDefined) {
        existing.readOnlyValue = definition.readOnlyValue;
        existing.calculated = definition.calculated;
      }
    }
  }
};

/**
 * The highest portal id any stand-in in this process has handed out or loaded. HubSpot's portal
 * (hub) ids are unique across HubSpot, and the server keys its portal caches by them
 * (`providers/hubspot/portal-*.ts`): two stand-ins in one process (test files sharing a worker)
 * must not both have portal 50000001.
 */
let highestPortalId = 0;

/** The HubSpot stand-in's whole state plus a revision counter for persistence. */
export class HubSpotStore {
  readonly data: HubSpotData;
  private rev = 0;

  constructor(data: HubSpotData) {
    this.data = data;
    for (const portal of Object.values(data.portals)) upgradePortal(portal);
    highestPortalId = Math.max(highestPortalId, data.nextPortalId - 1);
  }

  revision(): number {
    return this.rev;
  }

  touch(): void {
    this.rev += 1;
  }

  portal(id: number | string): PortalData | undefined {
    return this.data.portals[String(id)];
  }

  requirePortal(id: number | string): PortalData {
    const portal = this.portal(id);
    if (!portal) throw new Error(`Unknown sandbox HubSpot portal ${id}`);
    return portal;
  }

  portals(): PortalData[] {
    return Object.values(this.data.portals);
  }

  /** A new portal (HubSpot account) with HubSpot's default properties and deal pipeline. */
  createPortal(input: NewPortal = {}): PortalData {
    const id = Math.max(this.data.nextPortalId, highestPortalId + 1);
    highestPortalId = id;
    this.data.nextPortalId = id + 1;
    const at = new Date().toISOString();
    const portal: PortalData = {
      id,
      name: input.name ?? `Sandbox portal ${id}`,
      domain: `sandbox-${id}.hubspot.test`,
      createdAt: at,
      userId: id + 1_000_000,
      userEmail: input.email ?? `owner@sandbox-${id}.test`,
      objects: perType(() => ({})),
      properties: perType((type) => defaultProperties(type, at)),
      propertyGroups: perType((type) => defaultGroups(type)),
      pipelines: { default: defaultDealPipeline(at) },
      associations: {},
      labels: [],
      currencies: defaultCurrencies(at),
    };
    this.data.portals[String(id)] = portal;
    this.touch();
    return portal;
  }

  nextObjectId(): string {
    const id = this.data.nextObjectId;
    this.data.nextObjectId += 1;
    return String(id);
  }

  nextTypeId(): number {
    const id = this.data.nextTypeId;
    this.data.nextTypeId += 1;
    return id;
  }

  nextPipelineId(): string {
    const id = this.data.nextPipelineId;
    this.data.nextPipelineId += 1;
    return String(id);
  }
}
