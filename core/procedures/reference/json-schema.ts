import { z } from 'zod';

/** A JSON Schema node as z.toJSONSchema writes it; only the keywords the reference reads are named. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  const?: unknown;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/**
 * A zod schema as JSON Schema (2020-12), the side that matters: `input` for parameters (defaults
 * make fields optional), `output` for answers. What JSON Schema cannot say (a transform) is left
 * open rather than failing the whole reference.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): SchemaNode {
  return z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as SchemaNode;
}

/** Follows a local `$ref` ("#/$defs/Name") of the root document; other nodes are themselves. */
export function resolve(node: SchemaNode, root: SchemaNode): SchemaNode {
  const prefix = '#/$defs/';
  if (node.$ref?.startsWith(prefix)) return root.$defs?.[node.$ref.slice(prefix.length)] ?? {};
  return node;
}

/** The alternatives of a union node (anyOf / oneOf), or the node itself. */
function alternatives(node: SchemaNode): SchemaNode[] {
  return node.anyOf ?? node.oneOf ?? [node];
}

/** A short type name: "string", "integer", "string | null", "array of string", "enum". */
function typeName(raw: SchemaNode, root: SchemaNode): string {
  const node = resolve(raw, root);
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  if (node.anyOf || node.oneOf) {
    const names = alternatives(node).map((alternative) => typeName(alternative, root));
    return [...new Set(names)].join(' \\| ');
  }
  if (node.type === 'array') return node.items ? `array of ${typeName(node.items, root)}` : 'array';
  if (Array.isArray(node.type)) return node.type.join(' \\| ');
  if (node.type === 'string' && node.format) return `string (${node.format})`;
  return node.type ?? 'any';
}

/** The bounds a node states, in words: "1 to 50", "at most 200 characters", "pattern ^[A-Z]{2}$". */
function limitsOf(raw: SchemaNode, root: SchemaNode): string {
  const node = resolve(raw, root);
  const parts: string[] = [];
  const min = node.minimum ?? node.exclusiveMinimum;
  const max = node.maximum ?? node.exclusiveMaximum;
  if (min !== undefined && max !== undefined) parts.push(`${min} to ${max}`);
  else if (min !== undefined) parts.push(`at least ${min}`);
  else if (max !== undefined) parts.push(`at most ${max}`);
  if (node.minLength !== undefined && node.maxLength !== undefined) {
    parts.push(
      node.minLength === node.maxLength
        ? `exactly ${node.minLength} characters`
        : `${node.minLength} to ${node.maxLength} characters`,
    );
  } else if (node.maxLength !== undefined) parts.push(`at most ${node.maxLength} characters`);
  else if (node.minLength !== undefined && node.minLength > 0) parts.push(`at least ${node.minLength} characters`);
  if (node.maxItems !== undefined) parts.push(`at most ${node.maxItems} items`);
  if (node.minItems !== undefined && node.minItems > 0) parts.push(`at least ${node.minItems} items`);
  if (node.pattern !== undefined) parts.push(`pattern \`${node.pattern}\``);
  if (parts.length === 0 && (node.anyOf || node.oneOf)) {
    return alternatives(node)
      .map((alternative) => limitsOf(alternative, root))
      .filter((limit) => limit !== '')
      .join('; ');
  }
  if (node.type === 'array' && node.items && parts.length === 0) {
    const items = limitsOf(node.items, root);
    if (items !== '') parts.push(`each ${items}`);
  }
  return parts.join(', ');
}

/** One parameter of an object schema. */
export interface Parameter {
  name: string;
  type: string;
  required: boolean;
  limits: string;
  /** JSON of the default; undefined without one. */
  defaultValue: string | undefined;
  description: string;
}

/** The top-level properties of an object input schema, in declaration order. */
export function parametersOf(schema: z.ZodType | undefined): Parameter[] {
  if (schema === undefined || schema instanceof z.ZodVoid) return [];
  const root = toJsonSchema(schema, 'input');
  const object = resolve(root, root);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, raw]) => {
    const node = resolve(raw, root);
    return {
      name,
      type: typeName(node, root),
      required: required.has(name),
      limits: limitsOf(node, root),
      defaultValue: node.default === undefined ? undefined : JSON.stringify(node.default),
      description: node.description ?? '',
    };
  });
}
