import type { Context } from 'koa';

export interface NoStoreOptions {
  /**
   * Adds `Pragma: no-cache` for HTTP/1.0 caches, as RFC 6749 section 5.1 asks of token responses;
   * the OAuth endpoints and pages send it on every answer.
   */
  pragma?: boolean;
}

/**
 * Marks an answer as never to be stored by any cache (RFC 9111 no-store): errors, and answers that
 * carry credentials or reveal their state. Every adapter that forbids caching says so through here.
 */
export function noStore(ctx: Context, options: NoStoreOptions = {}): void {
  ctx.set('Cache-Control', 'no-store');
  if (options.pragma) ctx.set('Pragma', 'no-cache');
}
