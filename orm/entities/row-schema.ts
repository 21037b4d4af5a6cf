import { types, type EntityProperty, type EntitySchema } from '@mikro-orm/core';
import { z } from 'zod';

/** A class, a subclass of it, or an instance of either (entity definitions hold all three). */
function isType(type: unknown, kind: abstract new (...args: never[]) => unknown): boolean {
  if (typeof type === 'function') return type === kind || type.prototype instanceof kind;
  return type instanceof kind;
}

const noNul = (value: string) => !value.includes('\u0000');

function columnSchema(column: string, property: EntityProperty): z.ZodType {
  const type: unknown = property.type;
  const mode = (type as { mode?: string } | undefined)?.mode;
  if (property.enum) return z.enum((property.items ?? []).map(String) as [string, ...string[]]);
  if (isType(type, types.uuid)) return z.uuid();
  if (isType(type, types.string) || isType(type, types.text)) {
    const text = z.string().refine(noNul, 'must not contain NUL (U+0000) characters');
    return property.length ? text.max(property.length) : text;
  }
  if (isType(type, types.smallint)) return z.int().min(-32_768).max(32_767);
  if (isType(type, types.integer)) return z.int32();
  if (isType(type, types.bigint) && mode === 'number') return z.int();
  if (isType(type, types.decimal) && mode === 'number') return z.number();
  if (isType(type, types.double) || isType(type, types.float)) return z.number();
  if (isType(type, types.boolean)) return z.boolean();
  if (isType(type, types.datetime)) return z.date();
  if (isType(type, types.date)) return z.iso.date();
  if (isType(type, types.json)) return z.json();
  if (isType(type, types.array)) return z.array(z.string().refine(noNul, 'must not contain NUL (U+0000) characters'));
  throw new Error(`${column}: no input schema for this column type`);
}

/**
 * The input schema of one row of an entity, derived from its definition (so the table is still
 * described once, in orm/entities): every scalar property with its type, length and nullability;
 * properties with a default (or an onCreate value) and nullable ones may be left out; any other
 * key is refused. References are their uuid (`mapToPk`); other relations are not supported.
 */
export function entityRowSchema(entity: EntitySchema): z.ZodObject {
  const name = entity.meta.className;
  const shape: Record<string, z.ZodType> = {};
  // Keyed by property name: before the ORM's discovery, a property does not carry its own name.
  for (const [key, property] of Object.entries(entity.meta.properties) as Array<[string, EntityProperty]>) {
    // A reference mapped to the primary key (orm/entities/accounts/references.ts) holds the plain uuid.
    const reference = property.kind === 'm:1' && property.mapToPk;
    if (property.kind !== undefined && property.kind !== 'scalar' && !reference)
      throw new Error(`${name}.${key}: relations are not supported`);
    let schema = reference ? z.uuid() : columnSchema(`${name}.${key}`, property);
    if (property.nullable) schema = schema.nullable();
    if (property.nullable || property.default !== undefined || property.defaultRaw !== undefined || property.onCreate)
      schema = schema.optional();
    shape[key] = schema;
  }
  return z.strictObject(shape);
}
