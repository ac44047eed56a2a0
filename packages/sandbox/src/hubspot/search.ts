import { validationError } from './errors.ts';
import type { ObjectTypeInfo } from './object-types.ts';
import { formatRecord, refreshIndex, type RecordJson } from './records.ts';
import type { PortalCtx } from './runtime.ts';
import type { CrmRecord, PropertyDefinition } from './types.ts';

type Filter = {
  propertyName?: unknown;
  operator?: unknown;
  value?: unknown;
  values?: unknown;
  highValue?: unknown;
};

const operators = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
];

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Comparable form of a value: numbers and dates as numbers, text lower-cased. */
const comparable = (definition: PropertyDefinition | undefined, raw: string): number | string => {
  if (definition?.type === 'number') return Number(raw);
  if (definition?.type === 'datetime' || definition?.type === 'date') {
    return /^-?\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  }
  return raw.toLowerCase();
};

const tokenMatch = (text: string, pattern: string): boolean => {
  const tokens = text
    .toLowerCase()
    .split(/[^a-z0-9@._*-]+/)
    .filter(Boolean);
  const wanted = pattern.toLowerCase();
  if (wanted.includes('*')) {
    const regex = new RegExp(
      `^${wanted
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
        .join('.*')}$`,
    );
    return tokens.some((token) => regex.test(token)) || regex.test(text.toLowerCase());
  }
  return tokens.includes(wanted) || text.toLowerCase() === wanted;
};

const matches = (
  properties: Record<string, string | null>,
  recordId: string,
  filter: Filter,
  definitions: Record<string, PropertyDefinition>,
): boolean => {
  const name = String(filter.propertyName ?? '');
  const operator = String(filter.operator ?? 'EQ');
  const definition = definitions[name];
  const actual = name === 'hs_object_id' || name === 'id' ? recordId : (properties[name] ?? null);
  if (operator === 'HAS_PROPERTY') return actual !== null && actual !== '';
  if (operator === 'NOT_HAS_PROPERTY') return actual === null || actual === '';
  if (actual === null)
    return operator === 'NEQ' || operator === 'NOT_IN' || operator === 'NOT_CONTAINS_TOKEN';
  const value = comparable(definition, String(filter.value ?? ''));
  const current = comparable(definition, actual);
  const list = Array.isArray(filter.values)
    ? filter.values.map((entry) => comparable(definition, String(entry)))
    : [];
  switch (operator) {
    case 'EQ':
      return current === value;
    case 'NEQ':
      return current !== value;
    case 'LT':
      return current < value;
    case 'LTE':
      return current <= value;
    case 'GT':
      return current > value;
    case 'GTE':
      return current >= value;
    case 'BETWEEN':
      return current >= value && current <= comparable(definition, String(filter.highValue ?? ''));
    case 'IN':
      return list.includes(current);
    case 'NOT_IN':
      return !list.includes(current);
    case 'CONTAINS_TOKEN':
      return tokenMatch(actual, String(filter.value ?? ''));
    case 'NOT_CONTAINS_TOKEN':
      return !tokenMatch(actual, String(filter.value ?? ''));
    default:
      return false;
  }
};

/** The search guide: "When searching a string property with this operator, values must be lowercase." */
const checkListValues = (filter: Filter, definitions: Record<string, PropertyDefinition>): void => {
  const operator = String(filter.operator ?? '');
  const name = String(filter.propertyName ?? '');
  if (operator !== 'IN' && operator !== 'NOT_IN') return;
  if (definitions[name]?.type !== 'string' || !Array.isArray(filter.values)) return;
  const upper = filter.values.map(String).filter((value) => value !== value.toLowerCase());
  if (upper.length > 0)
    throw validationError(
      `${operator} values for the string property ${name} must be lowercase; got ${upper.join(', ')}.`,
    );
};

type Sort = { propertyName: string; direction: 'ASCENDING' | 'DESCENDING' };

const sortsOf = (raw: unknown): Sort[] => {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry) => {
    if (typeof entry === 'string') {
      return entry.startsWith('-')
        ? { propertyName: entry.slice(1), direction: 'DESCENDING' as const }
        : { propertyName: entry, direction: 'ASCENDING' as const };
    }
    const sort = asRecord(entry);
    return {
      propertyName: String(sort.propertyName ?? 'hs_object_id'),
      direction: sort.direction === 'DESCENDING' ? ('DESCENDING' as const) : ('ASCENDING' as const),
    };
  });
};

export type SearchResult = { total: number; results: RecordJson[]; paging?: { next: { after: string } } };

/**
 * HubSpot's CRM search over what is indexed (writes appear after the indexing delay): filter groups
 * OR'ed, filters AND'ed, a free-text `query`, sorts, and `after`/`limit` paging up to 10,000 results.
 */
export const searchRecords = (ctx: PortalCtx, info: ObjectTypeInfo, body: unknown): SearchResult => {
  const request = asRecord(body);
  const groups = Array.isArray(request.filterGroups)
    ? request.filterGroups.map((group) => asRecord(group))
    : [];
  const filterCount = groups.reduce(
    (sum, group) => sum + (Array.isArray(group.filters) ? group.filters.length : 0),
    0,
  );
  if (groups.length > 5) throw validationError('Too many filter groups: at most 5 are allowed.');
  if (groups.some((group) => Array.isArray(group.filters) && group.filters.length > 6)) {
    throw validationError('Too many filters in a filter group: at most 6 are allowed.');
  }
  if (filterCount > 18)
    throw validationError('Too many filters: at most 18 are allowed across all filter groups.');
  const definitions = ctx.portal.properties[info.name];
  for (const group of groups) {
    for (const filter of Array.isArray(group.filters) ? group.filters : []) {
      const operator = String(asRecord(filter).operator ?? '');
      if (!operators.includes(operator)) throw validationError(`Unknown filter operator: ${operator}`);
      checkListValues(asRecord(filter), definitions);
    }
  }
  const limit = request.limit === undefined ? 10 : Number(request.limit);
  if (!Number.isInteger(limit) || limit < 0 || limit > 200)
    throw validationError('limit must be between 0 and 200.');
  const after = request.after === undefined || request.after === null ? 0 : Number(request.after);
  if (!Number.isInteger(after) || after < 0) throw validationError('after must be a non-negative integer.');
  if (after + limit > 10_000)
    throw validationError('Search results are limited to 10,000 records; narrow the filters.');
  const text = typeof request.query === 'string' ? request.query.trim().toLowerCase() : '';
  const now = Date.now();
  const candidates = Object.values(ctx.portal.objects[info.name])
    .map((record: CrmRecord) => {
      refreshIndex(record, now);
      return { record, indexed: record.indexed };
    })
    .filter(({ indexed }) => indexed !== null && !indexed.archived)
    .filter(({ record, indexed }) => {
      const properties = indexed?.properties ?? {};
      const inGroups =
        groups.length === 0 ||
        groups.some((group) =>
          (Array.isArray(group.filters) ? group.filters : []).every((filter) =>
            matches(properties, record.id, asRecord(filter), definitions),
          ),
        );
      const inQuery =
        text === '' ||
        info.queryProperties.some((name) => (properties[name] ?? '').toLowerCase().includes(text)) ||
        record.id === text;
      return inGroups && inQuery;
    });
  const sorts = sortsOf(request.sorts);
  const effective =
    sorts.length > 0 ? sorts : [{ propertyName: 'hs_object_id', direction: 'ASCENDING' as const }];
  candidates.sort((a, b) => {
    for (const sort of effective) {
      const read = (entry: typeof a): number | string => {
        const raw =
          sort.propertyName === 'hs_object_id'
            ? entry.record.id
            : entry.indexed?.properties[sort.propertyName];
        if (raw === null || raw === undefined) return '';
        return sort.propertyName === 'hs_object_id'
          ? Number(raw)
          : comparable(definitions[sort.propertyName], raw);
      };
      const left = read(a);
      const right = read(b);
      if (left === right) continue;
      const order = left < right ? -1 : 1;
      return sort.direction === 'ASCENDING' ? order : -order;
    }
    return Number(a.record.id) - Number(b.record.id);
  });
  const requested = Array.isArray(request.properties) ? request.properties.map(String) : undefined;
  const page = candidates.slice(after, after + limit);
  const next = after + limit < candidates.length ? { next: { after: String(after + limit) } } : undefined;
  return {
    total: candidates.length,
    results: page.map(({ record, indexed }) => formatRecord(info, record, requested, indexed?.properties)),
    ...(next ? { paging: next } : {}),
  };
};
