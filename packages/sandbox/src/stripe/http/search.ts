import { invalidRequest } from '../errors.ts';
import { int, str, type Params } from '../params.ts';

type Clause = { field: string; metadataKey?: string; operator: string; value: string };

const clausePattern =
  /^\s*(-?)([a-z_]+)(?:\[['"]([^'"]+)['"]\])?\s*(:|~|>=|<=|>|<)\s*(?:'([^']*)'|"([^"]*)"|(\S+))\s*$/;

const parse = (query: string): { clauses: Clause[]; join: 'AND' | 'OR' } => {
  const join = / OR /i.test(query) ? 'OR' : 'AND';
  const parts = query.split(join === 'OR' ? / OR /i : / AND /i);
  const clauses = parts.map((part) => {
    const match = clausePattern.exec(part);
    if (!match) throw invalidRequest(`The query is invalid: ${query}`, 'query');
    const [, negate, field = '', metadataKey, operator = ':', quoted, doubleQuoted, bare] = match;
    return {
      field,
      ...(metadataKey ? { metadataKey } : {}),
      operator: negate ? `-${operator}` : operator,
      value: quoted ?? doubleQuoted ?? bare ?? '',
    };
  });
  return { clauses, join };
};

const valueOf = (object: Record<string, unknown>, clause: Clause): unknown => {
  if (clause.field === 'metadata' && clause.metadataKey) {
    const metadata = object.metadata as Record<string, string> | undefined;
    return metadata?.[clause.metadataKey];
  }
  return object[clause.field];
};

const test = (object: Record<string, unknown>, clause: Clause): boolean => {
  const actual = valueOf(object, clause);
  const text = actual === null || actual === undefined ? '' : String(actual);
  switch (clause.operator.replace('-', '')) {
    case ':': {
      const equal = clause.value === 'null' ? text === '' : text.toLowerCase() === clause.value.toLowerCase();
      return clause.operator.startsWith('-') ? !equal : equal;
    }
    case '~':
      return text.toLowerCase().includes(clause.value.toLowerCase());
    case '>':
      return Number(text) > Number(clause.value);
    case '<':
      return Number(text) < Number(clause.value);
    case '>=':
      return Number(text) >= Number(clause.value);
    case '<=':
      return Number(text) <= Number(clause.value);
    default:
      return false;
  }
};

/** Stripe's search query language, enough of it for `field:'value'` / `metadata['key']:'value'` joined by AND or OR. */
export const search = <T extends Record<string, unknown>>(items: T[], params: Params, url: string) => {
  const query = str(params, 'query');
  if (!query) throw invalidRequest('Missing required param: query.', 'query', 'parameter_missing');
  const { clauses, join } = parse(query);
  const matched = items.filter((item) =>
    join === 'AND'
      ? clauses.every((clause) => test(item, clause))
      : clauses.some((clause) => test(item, clause)),
  );
  const limit = int(params, 'limit') ?? 10;
  const offset = Number(str(params, 'page') ?? '0') || 0;
  const data = matched.slice(offset, offset + limit);
  const more = offset + limit < matched.length;
  return {
    object: 'search_result' as const,
    data,
    has_more: more,
    next_page: more ? String(offset + limit) : null,
    url,
    total_count: matched.length,
  };
};
