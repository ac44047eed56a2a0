import type { FastifyInstance } from 'fastify';
import { hubspotError, notFound, validationError } from '../errors.ts';
import { boolParam, created, noContent, ok, registerRoute, type HsCall } from '../http.ts';
import { resolveObjectType } from '../object-types.ts';
import type { HubSpotRuntime } from '../runtime.ts';
import type { PropertyDefinition, PropertyOption, PropertyType } from '../types.ts';
import { asRecord, typeParam } from './common.ts';

const fieldTypes: Record<PropertyType, string[]> = {
  string: ['text', 'textarea', 'phonenumber', 'html', 'file'],
  number: ['number', 'calculation_equation'],
  date: ['date'],
  datetime: ['date'],
  enumeration: ['select', 'radio', 'checkbox', 'booleancheckbox', 'calculation_equation'],
  bool: ['booleancheckbox', 'calculation_equation'],
};

const maxUniquePerObject = 10;

const schemaScopes =
  (access: 'read' | 'write') =>
  (call: HsCall): string[] => {
    const info = resolveObjectType(call.params.objectType ?? '');
    if (!info) return [];
    return access === 'read'
      ? [
          `crm.schemas.${info.scope}.read`,
          `crm.schemas.${info.scope}.write`,
          `crm.objects.${info.scope}.read`,
          `crm.objects.${info.scope}.write`,
        ]
      : [`crm.schemas.${info.scope}.write`];
  };

export const propertyJson = (definition: PropertyDefinition) => ({
  updatedAt: definition.updatedAt,
  createdAt: definition.createdAt,
  name: definition.name,
  label: definition.label,
  type: definition.type,
  fieldType: definition.fieldType,
  description: definition.description,
  groupName: definition.groupName,
  options: definition.options,
  displayOrder: definition.displayOrder,
  calculated: definition.calculated,
  externalOptions: definition.externalOptions,
  hasUniqueValue: definition.hasUniqueValue,
  hidden: definition.hidden,
  hubspotDefined: definition.hubspotDefined,
  modificationMetadata: {
    archivable: !definition.hubspotDefined,
    readOnlyDefinition: definition.hubspotDefined,
    readOnlyValue: definition.readOnlyValue,
  },
  formField: definition.formField,
  archived: definition.archived,
});

const optionsOf = (raw: unknown): PropertyOption[] =>
  Array.isArray(raw)
    ? raw.map((entry, index) => {
        const option = asRecord(entry);
        return {
          label: String(option.label ?? option.value ?? ''),
          value: String(option.value ?? ''),
          displayOrder: Number(option.displayOrder ?? index),
          hidden: option.hidden === true,
          ...(typeof option.description === 'string' ? { description: option.description } : {}),
        };
      })
    : [];

const createProperty = (call: HsCall) => {
  const info = typeParam(call);
  const input = asRecord(call.body);
  const name = String(input.name ?? '');
  const label = String(input.label ?? '');
  const type = String(input.type ?? '') as PropertyType;
  const fieldType = String(input.fieldType ?? '');
  const groupName = String(input.groupName ?? '');
  if (!/^[a-z][a-z0-9_]*$/.test(name))
    throw validationError(
      `Property name "${name}" is invalid: use lowercase letters, digits and underscores, starting with a letter.`,
    );
  if (!label) throw validationError('label is required.');
  if (!fieldTypes[type]) throw validationError(`type must be one of ${Object.keys(fieldTypes).join(', ')}.`);
  if (!fieldTypes[type].includes(fieldType))
    throw validationError(`fieldType ${fieldType} is not valid for a property of type ${type}.`);
  const groups = call.portal.propertyGroups[info.name];
  if (!groups[groupName] || groups[groupName]?.archived)
    throw validationError(`Property group ${groupName} does not exist.`);
  const definitions = call.portal.properties[info.name];
  if (definitions[name]) {
    throw hubspotError(409, 'OBJECT_ALREADY_EXISTS', `Property named '${name}' already exists.`, {
      subCategory: 'PropertyValidationError.PROPERTY_EXISTS',
    });
  }
  const hasUniqueValue = input.hasUniqueValue === true;
  if (hasUniqueValue) {
    if (type !== 'string' && type !== 'number')
      throw validationError('Only text and number properties can require unique values.');
    const uniqueCount = Object.values(definitions).filter(
      (definition) => definition.hasUniqueValue && !definition.archived,
    ).length;
    if (uniqueCount >= maxUniquePerObject)
      throw validationError(`An object can have at most ${maxUniquePerObject} unique properties.`);
  }
  const at = new Date().toISOString();
  const definition: PropertyDefinition = {
    name,
    label,
    type,
    fieldType,
    groupName,
    description: String(input.description ?? ''),
    options: optionsOf(input.options),
    displayOrder: Number(input.displayOrder ?? -1),
    hasUniqueValue,
    hidden: input.hidden === true,
    formField: input.formField === true,
    hubspotDefined: false,
    calculated: false,
    externalOptions: input.externalOptions === true,
    readOnlyValue: false,
    createdAt: at,
    updatedAt: at,
    archived: false,
  };
  definitions[name] = definition;
  call.rt.store.touch();
  return created(propertyJson(definition));
};

const requireProperty = (call: HsCall): PropertyDefinition => {
  const info = typeParam(call);
  const definition = call.portal.properties[info.name][call.params.propertyName ?? ''];
  if (!definition || definition.archived)
    throw notFound(`Unable to find property ${call.params.propertyName ?? ''} for ${info.name}`);
  return definition;
};

const updateProperty = (call: HsCall) => {
  const definition = requireProperty(call);
  const input = asRecord(call.body);
  if (typeof input.label === 'string') definition.label = input.label;
  if (typeof input.description === 'string') definition.description = input.description;
  if (typeof input.groupName === 'string') definition.groupName = input.groupName;
  if (typeof input.hidden === 'boolean') definition.hidden = input.hidden;
  if (typeof input.displayOrder === 'number') definition.displayOrder = input.displayOrder;
  if (Array.isArray(input.options)) definition.options = optionsOf(input.options);
  definition.updatedAt = new Date().toISOString();
  call.rt.store.touch();
  return ok(propertyJson(definition));
};

const archiveProperty = (call: HsCall) => {
  const definition = requireProperty(call);
  if (definition.hubspotDefined)
    throw validationError(`${definition.name} is a HubSpot-defined property and cannot be archived.`);
  definition.archived = true;
  call.rt.store.touch();
  return noContent();
};

/** `/crm/v3/properties/{objectType}`: list, read, create (unique names, `hasUniqueValue` rules), update, archive, groups. */
export const propertyRoutes = (app: FastifyInstance, rt: HubSpotRuntime): void => {
  const base = '/crm/v3/properties/:objectType';
  registerRoute(app, rt, {
    method: 'GET',
    url: base,
    scopes: schemaScopes('read'),
    handler: (call) => {
      const info = typeParam(call);
      const archived = boolParam(call.query, 'archived');
      const results = Object.values(call.portal.properties[info.name]).filter(
        (definition) => definition.archived === archived,
      );
      return ok({ results: results.map(propertyJson) });
    },
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: base,
    scopes: schemaScopes('write'),
    handler: createProperty,
  });
  registerRoute(app, rt, {
    method: 'GET',
    url: `${base}/groups`,
    scopes: schemaScopes('read'),
    handler: (call) =>
      ok({
        results: Object.values(call.portal.propertyGroups[typeParam(call).name]).filter(
          (group) => !group.archived,
        ),
      }),
  });
  registerRoute(app, rt, {
    method: 'POST',
    url: `${base}/groups`,
    scopes: schemaScopes('write'),
    handler: (call) => {
      const info = typeParam(call);
      const input = asRecord(call.body);
      const name = String(input.name ?? '');
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw validationError(`Group name "${name}" is invalid.`);
      const groups = call.portal.propertyGroups[info.name];
      if (groups[name])
        throw hubspotError(409, 'OBJECT_ALREADY_EXISTS', `Property group named '${name}' already exists.`);
      const group = {
        name,
        label: String(input.label ?? name),
        displayOrder: Number(input.displayOrder ?? -1),
        archived: false,
      };
      groups[name] = group;
      call.rt.store.touch();
      return created(group);
    },
  });
  registerRoute(app, rt, {
    method: 'GET',
    url: `${base}/:propertyName`,
    scopes: schemaScopes('read'),
    handler: (call) => ok(propertyJson(requireProperty(call))),
  });
  registerRoute(app, rt, {
    method: 'PATCH',
    url: `${base}/:propertyName`,
    scopes: schemaScopes('write'),
    handler: updateProperty,
  });
  registerRoute(app, rt, {
    method: 'DELETE',
    url: `${base}/:propertyName`,
    scopes: schemaScopes('write'),
    handler: archiveProperty,
  });
};
