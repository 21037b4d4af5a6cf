import type { Context } from './context.ts';

/**
 * Lets shared caches and browsers keep a public answer briefly; the ETag the transport adds
 * makes revalidation cheap after that.
 */
export function cachePublicly(ctx: Pick<Context, 'response'>, maxAgeSeconds: number): void {
  ctx.response.headers['Cache-Control'] = `public, max-age=${maxAgeSeconds}`;
}

/** Long-lived, content-addressed resources (media by uuid). */
export function cacheImmutable(ctx: Pick<Context, 'response'>): void {
  ctx.response.headers['Cache-Control'] = 'public, max-age=31536000, immutable';
}
