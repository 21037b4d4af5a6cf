import type { Meta } from './meta.ts';
import type { ProcedureEntry } from './procedure-entry.ts';

/** What an operation publishes: the procedure's `openapi` meta, or an alias's version of it. */
export type RestMapping = NonNullable<Meta['openapi']>;

/** One REST operation: a procedure at its own path, or at one of its alias paths (`rest.aliases`). */
export interface RestOperation {
  procedure: ProcedureEntry;
  openapi: RestMapping;
  /** True at an alias path: the same procedure, its own route. */
  alias: boolean;
}

/**
 * The order in which the public REST surface is published (the OpenAPI document's paths, the
 * reference's endpoints), by router area. Clients and diff tools read that order, so it is pinned
 * here rather than following the router's grouping, which may change without changing the API;
 * an area not listed follows, in router order.
 */
const PUBLISHED_AREAS = [
  'health',
  'blog',
  'government',
  'directory',
  'discovery',
  'webhooks',
  'protocols.oauth',
  'agent',
  'protocols.ucp',
];

function areaOf(path: string): string {
  const listed = PUBLISHED_AREAS.find((area) => path.startsWith(`${area}.`));
  return listed ?? path.slice(0, path.lastIndexOf('.'));
}

function aliasesOf(procedure: ProcedureEntry, openapi: RestMapping): RestOperation[] {
  return (procedure.meta?.rest?.aliases ?? []).map((alias) => ({
    procedure,
    openapi: {
      ...openapi,
      path: alias.path,
      operationId: alias.operationId,
      description: alias.description,
      errorResponses: alias.errorResponses ?? openapi.errorResponses,
    },
    alias: true,
  }));
}

/**
 * Every REST operation of the procedures with `openapi` meta, in published order: area by area,
 * each area's own paths in router order (the REST adapter registers them so: a literal path before
 * the `{parameter}` path that would capture it) and then its alias paths.
 */
export function restOperations(procedures: readonly ProcedureEntry[]): RestOperation[] {
  const byArea = new Map<string, { own: RestOperation[]; aliases: RestOperation[] }>(
    PUBLISHED_AREAS.map((area) => [area, { own: [], aliases: [] }]),
  );
  for (const procedure of procedures) {
    const openapi = procedure.meta?.openapi;
    if (!openapi) continue;
    const area = areaOf(procedure.path);
    const section = byArea.get(area) ?? { own: [], aliases: [] };
    byArea.set(area, section);
    section.own.push({ procedure, openapi, alias: false });
    section.aliases.push(...aliasesOf(procedure, openapi));
  }
  return [...byArea.values()].flatMap((section) => [...section.own, ...section.aliases]);
}
