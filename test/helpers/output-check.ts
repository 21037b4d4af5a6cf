import { expect } from 'chai';
import type { z } from 'zod';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { restOperations } from '../../core/procedures/rest-operations.ts';
import { appRouter } from '../../core/routers/_app.ts';

interface UnparsedRoute {
  procedure: string;
  pattern: RegExp;
  schema: z.ZodType;
  unparsed: boolean;
}

/** "/v1/directory/public/{slug}" under /api -> a regular expression over the request path. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^/api${escaped}$`);
}

// In the REST adapter's order (alias paths included): the first route whose path matches answers.
const routes: UnparsedRoute[] = [];
for (const { procedure, openapi } of restOperations(listProcedures(appRouter))) {
  if (openapi.method !== 'GET' || !procedure.outputSchema) continue;
  routes.push({
    procedure: procedure.path,
    pattern: pathPattern(openapi.path),
    schema: procedure.outputSchema,
    unparsed: !procedure.reparsesOutput,
  });
}

/** The procedures whose answers the service does not re-parse at run time (skipOutputReparse). */
export function unparsedProcedures(): string[] {
  return routes.filter((route) => route.unparsed).map((route) => route.procedure);
}

/**
 * The run-time output check those procedures skip, done by the tests instead: every 200 answer of
 * theirs that a test reads through request() must parse under the output schema and come out
 * unchanged (no field the schema does not declare, no default filled in, no value transformed).
 */
export function checkUnparsedOutput(method: string, url: string, status: number, body: unknown): void {
  if (status !== 200 || method !== 'GET' || body === undefined) return;
  const path = new URL(url).pathname;
  const route = routes.find((candidate) => candidate.pattern.test(path));
  if (!route?.unparsed) return;
  const parsed = route.schema.safeParse(body);
  expect(parsed.success, `${route.procedure} answered outside its output schema: ${parsed.error?.message}`).to.equal(
    true,
  );
  expect(parsed.data, `${route.procedure} answered fields or values its output schema does not declare`).to.deep.equal(
    body,
  );
}
