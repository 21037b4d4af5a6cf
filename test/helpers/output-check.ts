import { expect } from 'chai';
import type { AnyProcedure } from '@trpc/server';
import type { z } from 'zod';
import { appRouter } from '../../core/routers/_app.ts';
import { isOutputUnparsed, type Meta } from '../../core/trpc.ts';

interface UnparsedRoute {
  procedure: string;
  pattern: RegExp;
  schema: z.ZodType;
  unparsed: boolean;
}

/** "/v1/directory/public/{slug}" under /api -> a regular expression over the request path. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z0-9_]+\}/g, '[^/]+');
  return new RegExp(`^/api${escaped}$`);
}

// In router order, like the REST adapter: the first procedure whose path matches answers.
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
const routes: UnparsedRoute[] = [];
for (const [name, procedure] of procedures) {
  const openapi = (procedure._def.meta as Meta | undefined)?.openapi;
  if (!openapi || openapi.method !== 'GET') continue;
  const schema = (procedure._def as unknown as { output: z.ZodType }).output;
  routes.push({ procedure: name, pattern: pathPattern(openapi.path), schema, unparsed: isOutputUnparsed(procedure) });
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
  expect(parsed.success, `${route.procedure} answered outside its output schema: ${parsed.error?.message}`).to.equal(true);
  expect(parsed.data, `${route.procedure} answered fields or values its output schema does not declare`).to.deep.equal(body);
}
