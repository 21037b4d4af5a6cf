import type { z } from 'zod';
import { resolve, toJsonSchema, type SchemaNode } from './json-schema.ts';

/** How deep a response shape is spelt out; deeper objects are `{…}` (the OpenAPI document has them whole). */
const DEPTH = 3;

function shapeOf(raw: SchemaNode, root: SchemaNode, depth: number): string {
  const node = resolve(raw, root);
  const union = node.anyOf ?? node.oneOf;
  if (union) return [...new Set(union.map((alternative) => shapeOf(alternative, root, depth)))].join(' | ');
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (node.type === 'array') return `[${node.items ? shapeOf(node.items, root, depth) : ''}]`;
  if (node.type === 'object' || node.properties) {
    const entries = Object.entries(node.properties ?? {});
    if (entries.length === 0) return '{}';
    if (depth >= DEPTH) return '{…}';
    const required = new Set(node.required ?? []);
    const fields = entries.map(
      ([name, value]) => `${name}${required.has(name) ? '' : '?'}: ${shapeOf(value, root, depth + 1)}`,
    );
    return `{ ${fields.join(', ')} }`;
  }
  if (Array.isArray(node.type)) return node.type.join(' | ');
  return node.type ?? 'any';
}

/**
 * A compact, TypeScript-like shape of an answer: field names, `?` for optional ones, types, nested
 * objects to a few levels. Generated from the output schema, so it is the contract, not an example.
 */
export function responseShape(schema: z.ZodType | undefined): string {
  if (schema === undefined) return '(no JSON body)';
  const root = toJsonSchema(schema, 'output');
  return shapeOf(root, root, 0);
}
