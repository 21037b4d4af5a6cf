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

const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/** The opaque part of an entity tag: weak comparison ignores the W/ prefix (RFC 9110 8.8.3.2). */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether a GET or HEAD may be answered 304, by RFC 9110 section 13.2.2: If-None-Match when the
 * request has it (weak comparison; `*` matches any current answer), else If-Modified-Since against
 * Last-Modified. The request's Cache-Control is not consulted: `no-cache` asks the origin to
 * validate a stored answer (RFC 9111 5.2.1.4), and a matching validator is that validation; the
 * `fresh` package behind Koa's ctx.fresh answers "stale" to it, so a client that sends it with every
 * conditional request (Node's fetch does) never got a 304.
 */
function notModified(request: NodeJS.Dict<string | string[]>, etag: string, lastModified: string): boolean {
  const noneMatch = request['if-none-match'];
  if (typeof noneMatch === 'string') {
    if (noneMatch.trim() === '*') return true;
    if (!etag) return false;
    const tags = noneMatch.match(ENTITY_TAG) ?? [];
    return tags.some((tag) => opaque(tag) === opaque(etag));
  }
  const modifiedSince = request['if-modified-since'];
  if (typeof modifiedSince !== 'string' || !lastModified) return false;
  const since = Date.parse(modifiedSince);
  const modified = Date.parse(lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/**
 * Conditional GET, once the answer is written: a successful GET or HEAD answer with a body gets
 * an ETag (unless its handler set one), and a GET or HEAD whose If-None-Match or If-Modified-Since matches
 * it is answered 304 without the body (see notModified). Streamed bodies are left alone.
 */
export function answerConditionally(ctx: Context): void {
  const { body } = ctx;
  // As @koa/etag did: no tag for an empty body or an answer that is not a success. Nor for the
  // answer to a POST, PUT, PATCH or DELETE: it describes an outcome, not a representation a client
  // can revalidate (MCP and A2A answer every call by POST, and hashing it was wasted work).
  if (!body || ctx.status < 200 || ctx.status >= 300) return;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
  if (!ctx.response.get('ETag')) {
    if (body instanceof Stream) return;
    const entity = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    ctx.response.etag = entityTag(entity);
  }
  if (notModified(ctx.req.headers, ctx.response.get('ETag'), ctx.response.get('Last-Modified'))) {
    ctx.status = 304;
    ctx.body = null;
  }
}
