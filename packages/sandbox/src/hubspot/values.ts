import { currencyProblem, currencyProperties } from './currencies.ts';
import { propertyValuesError, type PropertyProblem } from './errors.ts';
import type { ObjectTypeInfo } from './object-types.ts';
import type { PortalCtx } from './runtime.ts';
import type { PropertyDefinition } from './types.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const toDatetime = (raw: string): string | undefined => {
  if (/^-?\d+$/.test(raw)) return new Date(Number(raw)).toISOString();
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? undefined : new Date(parsed).toISOString();
};

const toDate = (raw: string): string | undefined => {
  if (isoDate.test(raw)) return raw;
  if (/^-?\d+$/.test(raw)) {
    const date = new Date(Number(raw));
    const midnight =
      date.getUTCHours() === 0 &&
      date.getUTCMinutes() === 0 &&
      date.getUTCSeconds() === 0 &&
      date.getUTCMilliseconds() === 0;
    return midnight ? date.toISOString().slice(0, 10) : undefined;
  }
  return undefined;
};

/** One value as HubSpot stores it (strings), or a problem. */
const convert = (
  definition: PropertyDefinition,
  raw: string,
): { value: string } | { problem: PropertyProblem } => {
  const fail = (error: string, message: string) => ({ problem: { name: definition.name, error, message } });
  switch (definition.type) {
    case 'number':
      return Number.isFinite(Number(raw)) && raw.trim() !== ''
        ? { value: raw.trim() }
        : fail('INVALID_LONG', `${raw} is not a valid number.`);
    case 'bool': {
      const lowered = raw.toLowerCase();
      return lowered === 'true' || lowered === 'false'
        ? { value: lowered }
        : fail('INVALID_BOOLEAN', `${raw} is not a valid boolean (true or false).`);
    }
    case 'datetime': {
      const value = toDatetime(raw);
      return value
        ? { value }
        : fail('INVALID_DATE', `${raw} is not a valid datetime (milliseconds since epoch or ISO 8601).`);
    }
    case 'date': {
      const value = toDate(raw);
      return value
        ? { value }
        : fail('INVALID_DATE', `${raw} is not a valid date; use YYYY-MM-DD or midnight UTC in milliseconds.`);
    }
    case 'enumeration': {
      if (definition.externalOptions) return { value: raw };
      const allowed = definition.options.map((option) => option.value);
      const chosen = definition.fieldType === 'checkbox' ? raw.split(';') : [raw];
      const bad = chosen.find((value) => !allowed.includes(value));
      return bad === undefined
        ? { value: raw }
        : fail('INVALID_OPTION', `${bad} was not one of the allowed options: [${allowed.join(', ')}]`);
    }
    default:
      return { value: raw };
  }
};

export type WriteValues = Record<string, string | null>;

/** HubSpot's READ_ONLY_VALUE wording, which names calculated properties as such. */
const readOnlyProblem = (definition: PropertyDefinition): PropertyProblem => ({
  name: definition.name,
  error: 'READ_ONLY_VALUE',
  message: `"${definition.name}" is a ${definition.calculated ? 'calculated' : 'read only'} property; its value cannot be set.`,
});

/**
 * Checks and converts incoming property values: unknown properties, read-only ones, bad numbers,
 * dates, booleans, options and currencies the portal has not enabled are refused as HubSpot refuses them.
 */
export const normalizeValues = (ctx: PortalCtx, info: ObjectTypeInfo, input: unknown): WriteValues => {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input))
    throw propertyValuesError(
      [{ name: 'properties', error: 'INVALID_INPUT', message: 'properties must be an object' }],
      ctx.portal.id,
    );
  const definitions = ctx.portal.properties[info.name];
  const values: WriteValues = {};
  const problems: PropertyProblem[] = [];
  for (const [name, raw] of Object.entries(input as Record<string, unknown>)) {
    const definition = definitions[name];
    if (!definition || definition.archived) {
      problems.push({ name, error: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` });
      continue;
    }
    if (definition.readOnlyValue) {
      problems.push(readOnlyProblem(definition));
      continue;
    }
    if (raw === null || raw === '') {
      values[name] = null;
      continue;
    }
    if (typeof raw === 'object') {
      problems.push({
        name,
        error: 'INVALID_INPUT',
        message: `Property "${name}" must be a string, number or boolean`,
      });
      continue;
    }
    const converted = convert(definition, String(raw));
    if ('problem' in converted) {
      problems.push(converted.problem);
      continue;
    }
    const currency =
      name === currencyProperties[info.name] ? currencyProblem(ctx.portal, name, converted.value) : undefined;
    if (currency) problems.push(currency);
    else values[name] = converted.value;
  }
  if (problems.length > 0) throw propertyValuesError(problems, ctx.portal.id);
  return values;
};
