import { entityTag } from '../http/middleware/http-caching.ts';

/** A paid answer's bytes as written, and their strong ETag. */
export interface PaidAnswerBody {
  json: string;
  etag: string;
}

let last: { resource: string; content: string; body: PaidAnswerBody } | undefined;

/**
 * The JSON of `{resource, content, protocol: "x402"}` and its ETag, kept for the last reference sold.
 * The content is the whole reference (hundreds of KB of Markdown) and the same for every sale of a
 * revision: serializing it for the body and again for the ETag, and hashing it, was most of the
 * paid path's own CPU in bench:paid. The ETag is the one answerConditionally would compute.
 */
export function paidAnswerBody(resource: string, content: string): PaidAnswerBody {
  if (last?.resource === resource && last.content === content) return last.body;
  const json = JSON.stringify({ resource, content, protocol: 'x402' });
  const body = { json, etag: entityTag(json) };
  last = { resource, content, body };
  return body;
}
