import type { ToolCatalogue } from './catalogue.ts';
import { catalogueMeta, instructions } from './initialize.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from './protocol-version.ts';

/**
 * How long a 2026-07-28 client may reuse tools/list and server/discover answers (`ttlMs`). The
 * catalogue only changes with a deployment, and its hash tells a client when it did; five minutes
 * bounds how long a client keeps the tools of the previous deployment.
 */
export const CATALOGUE_TTL_MS = 300_000;

/**
 * The 2026-07-28 `server/discover` result: every revision this endpoint serves (both eras, so a
 * 2.x client in auto mode sees it may stay on 2026-07-28), the tools capability without change
 * notifications, and the instructions initialize gives. Its catalogue meta names the connection's
 * view: the same for every caller of a URL that chose it (`cacheScope: "public"`), private when the
 * request's headers chose it or its token narrowed it.
 */
export function discoverResult(catalogue: ToolCatalogue, cacheScope: 'public' | 'private'): Record<string, unknown> {
  return {
    supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    capabilities: { tools: { listChanged: false } },
    instructions,
    ttlMs: CATALOGUE_TTL_MS,
    cacheScope,
    _meta: catalogueMeta(catalogue),
  };
}
