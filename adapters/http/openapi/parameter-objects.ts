import type { OpenAPIObject } from 'trpc-to-openapi';

type Operation = NonNullable<OpenAPIObject['paths']>[string]['get'] & {};

interface SchemaFacts {
  description?: string;
  example?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
}

/**
 * Copies what the zod metadata put on a parameter's schema (`.describe()`, `.meta({ examples })`,
 * `.meta({ deprecated: true })`) onto the parameter object itself, where Swagger UI and most client
 * generators read it: a parameter's own `description`, `example` and `deprecated` (OpenAPI 3.1,
 * Parameter Object). The generator leaves them inside `schema`, which the reference page does not
 * show. What the parameter object already says (a hand-written path's text) wins.
 */
export function describeParameters(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    if ('$ref' in parameter) continue;
    const schema = parameter.schema as SchemaFacts | undefined;
    if (!schema || '$ref' in schema) continue;
    if (parameter.description === undefined && schema.description) parameter.description = schema.description;
    const example = schema.example ?? schema.examples?.[0];
    if (parameter.example === undefined && parameter.examples === undefined && example !== undefined)
      parameter.example = example;
    if (parameter.deprecated === undefined && schema.deprecated) parameter.deprecated = true;
  }
}
