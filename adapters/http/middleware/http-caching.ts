import { hash } from 'node:crypto';
import { Stream } from 'node:stream';
import type { Context } from 'koa';

/**
 * The strong ETag the `etag` package (and so @koa/etag) computes: the entity's byte length in hex
 * and the first 27 characters of its base64 SHA-1. Node's one-shot crypto.hash() skips the Hash
 * object the package builds for every call, which showed in a cheap read's profile (bench/public-api).
 */
export function entityTag(entity: string | Buffer): string {
  const length = typeof entity === 'string' ? Buffer.byteLength(entity) : entity.length;
  return `"${length.toString(16)}-${hash('sha1', entity, 'base64').slice(0, 27)}"`;
}

/**
 * Conditional GET, once the answer is written: a successful answer with a body gets an ETag
 * (unless its handler set one), and a GET or HEAD whose If-None-Match or If-Modified-Since matches
 * it is answered 304 without the body (Koa's `ctx.fresh`, RFC 9110 section 13). Streamed bodies
 * are left alone.
 */
export function answerConditionally(ctx: Context): void {
  const { body } = ctx;
  // As @koa/etag did: no tag for an empty body or an answer that is not a success.
  if (!body || ctx.status < 200 || ctx.status >= 300) return;
  if (!ctx.response.get('ETag')) {
    if (body instanceof Stream) return;
    const entity = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    ctx.response.etag = entityTag(entity);
  }
  const headers = ctx.req.headers;
  if ((headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
}
