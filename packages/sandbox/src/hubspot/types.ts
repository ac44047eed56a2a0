/** The HubSpot stand-in's state: plain JSON, persisted as is. */

export type ObjectTypeName =
  'contacts' | 'companies' | 'deals' | 'line_items' | 'invoices' | 'products' | 'notes' | 'tasks';

export type PropertyType = 'string' | 'number' | 'date' | 'datetime' | 'enumeration' | 'bool';

export type PropertyOption = {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
  description?: string;
};

export type PropertyDefinition = {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  displayOrder: number;
  hasUniqueValue: boolean;
  hidden: boolean;
  formField: boolean;
  hubspotDefined: boolean;
  calculated: boolean;
  externalOptions: boolean;
  /** Values the API refuses on writes (READ_ONLY_VALUE): system timestamps, ids, calculated values. */
  readOnlyValue: boolean;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
};

export type PropertyGroup = { name: string; label: string; displayOrder: number; archived: boolean };

export type RecordSnapshot = { properties: Record<string, string | null>; archived: boolean };

export type CrmRecord = {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt: string | null;
  /** What search sees: HubSpot indexes writes a little after they happen. */
  indexed: RecordSnapshot | null;
  pendingIndex: { at: number; snapshot: RecordSnapshot } | null;
  /** The record a merge made of this one: reads of this id answer with it (merge.ts). */
  mergedInto?: string;
};

export type PipelineStage = {
  id: string;
  label: string;
  displayOrder: number;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT' | 'READ_ONLY' | 'INTERNAL_ONLY';
};

export type Pipeline = {
  id: string;
  label: string;
  displayOrder: number;
  stages: PipelineStage[];
  createdAt: string;
  updatedAt: string;
  archived: boolean;
};

export type AssociationLabel = {
  typeId: number;
  fromType: ObjectTypeName;
  toType: ObjectTypeName;
  label: string | null;
  name: string;
  category: 'HUBSPOT_DEFINED' | 'USER_DEFINED';
  inverseTypeId: number;
};

/** An added currency's current rate to the company currency (HubSpot's `ExchangeRate`). */
export type ExchangeRateRecord = {
  id: string;
  fromCurrencyCode: string;
  conversionRate: number;
  visibleInUI: boolean;
  createdAt: string;
  updatedAt: string;
  effectiveAt: string;
};

/** The portal's currencies: the company currency plus the added ones, each with its rate. */
export type PortalCurrencies = { company: string; createdAt: string; rates: ExchangeRateRecord[] };

export type PortalData = {
  id: number;
  name: string;
  domain: string;
  createdAt: string;
  userId: number;
  userEmail: string;
  objects: Record<ObjectTypeName, Record<string, CrmRecord>>;
  properties: Record<ObjectTypeName, Record<string, PropertyDefinition>>;
  propertyGroups: Record<ObjectTypeName, Record<string, PropertyGroup>>;
  pipelines: Record<string, Pipeline>;
  /** `${fromType}:${fromId}` → `${toType}:${toId}` → association type ids (both directions are stored). */
  associations: Record<string, Record<string, number[]>>;
  /** User-defined association labels of this portal. */
  labels: AssociationLabel[];
  currencies: PortalCurrencies;
};

export type AuthCode = {
  code: string;
  portalId: number;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  createdAt: number;
  used: boolean;
};

export type RefreshTokenRecord = {
  token: string;
  portalId: number;
  clientId: string;
  scopes: string[];
  userId: number;
  user: string;
  createdAt: number;
};

export type AccessTokenRecord = {
  token: string;
  portalId: number;
  clientId: string;
  scopes: string[];
  userId: number;
  user: string;
  expiresAt: number;
  refreshToken: string | null;
};

export type HubSpotData = {
  version: 1;
  nextObjectId: number;
  nextPortalId: number;
  nextTypeId: number;
  nextPipelineId: number;
  portals: Record<string, PortalData>;
  codes: Record<string, AuthCode>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  accessTokens: Record<string, AccessTokenRecord>;
};
