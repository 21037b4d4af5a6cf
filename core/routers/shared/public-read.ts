import type { Context } from '../../context.ts';
import { readPublicContentVersions } from '../../services/public-cache/public-content-versions.query.ts';
import type { PublicArea } from '../../services/public-cache/public-read-cache.ts';

type PublicReadContext = Pick<Context, 'services' | 'sql' | 'urls' | 'clock' | 'response'>;

/**
 * A public list or detail procedure's answer, from the app's public read cache when fresh
 * (core/services/public-cache/public-read-cache.ts), else computed by `load` and kept. The key is the
 * procedure, the site URLs the answer's links are built from, and the parsed input (defaults applied,
 * keys in the schema's order). The headers `load` set (Cache-Control) are kept with the answer and set
 * again on a hit, so a cached answer's body and headers are the computed one's; an error is never kept.
 */
export async function readPublicAnswer<T>(
  ctx: PublicReadContext,
  area: PublicArea,
  procedure: string,
  input: unknown,
  load: () => Promise<T>,
): Promise<T> {
  const cache = ctx.services.caches.publicReads;
  if (!cache.enabled) return load();
  const read = {
    area,
    key: `${procedure} ${ctx.urls.site} ${ctx.urls.base} ${JSON.stringify(input ?? null)}`,
    nowMs: ctx.clock.now().getTime(),
    versions: () => readPublicContentVersions(ctx.sql),
  };
  const answer = await cache.read(read, async () => {
    const before = { ...ctx.response.headers };
    const value = await load();
    const headers: Record<string, string> = {};
    for (const [name, header] of Object.entries(ctx.response.headers))
      if (before[name] !== header) headers[name] = header;
    return { value, headers };
  });
  Object.assign(ctx.response.headers, answer.headers);
  return answer.value;
}
