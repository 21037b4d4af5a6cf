import Router from '@koa/router';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { SiteUrls } from '../../core/context.ts';
import { cacheImmutable } from '../../core/response-meta.ts';
import { ZGetMediaInput } from '../../core/routers/blog/get-media.schema.ts';
import type { ProcedureRoutesOptions } from './procedure-access.ts';
import { requestFacts } from './request-facts.ts';
import type { HttpState } from './state.ts';
import { queryOnlyRules, refuseUnexpectedInput } from './strict-input.ts';

/** The media route takes its one path parameter and no query parameter (strict-input.ts). */
const NO_QUERY = queryOnlyRules([]);

const BLOG_MEDIA_PATH = '/v1/blog/media/{publicId}';

/** Core's caching policy for content-addressed media, as headers. */
function immutableHeaders(): Record<string, string> {
  const meta = { response: { headers: {} as Record<string, string> } };
  cacheImmutable(meta);
  return meta.response.headers;
}

/**
 * Binary endpoints (media bytes), which trpc-to-openapi's JSON handler cannot answer: served
 * here through the procedure invoker. Errors (400 for a malformed uuid, 404 for an unknown one)
 * are thrown on to the global error handler, which writes the ErrorMessage.
 */
export function mediaRoutes({ invoker, createContext, prefix }: ProcedureRoutesOptions): Router<HttpState> {
  const router = new Router<HttpState>({ prefix });
  router.get(BLOG_MEDIA_PATH.replace('{publicId}', ':publicId'), async (ctx) => {
    refuseUnexpectedInput(NO_QUERY, ctx.querystring, undefined);
    const media = await invoker.call(
      'blog.getMedia',
      { publicId: ctx.params.publicId ?? '' },
      createContext(requestFacts(ctx)),
    );
    ctx.status = 200;
    ctx.body = media.bytes;
    // After the body, so Koa does not replace it with its own guess (application/octet-stream).
    ctx.set('Content-Type', media.mime_type);
    ctx.set('Content-Length', String(media.bytes.length));
    // Strong validator from the content hash; the envelope answers a matching If-None-Match with 304.
    ctx.set('ETag', `"${media.checksum_sha256}"`);
    ctx.set(immutableHeaders());
    // The bytes are user content: even if one is opened directly, it may run nothing.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });
  return router;
}

const headerSchema = (description: string) => ({ description, schema: { type: 'string' as const } });

/** The OpenAPI description of the binary endpoints, merged into the generated document. */
export function mediaOpenApiPaths(_urls: SiteUrls): ZodOpenApiPathsObject {
  return {
    [BLOG_MEDIA_PATH]: {
      get: {
        operationId: 'blog-getMedia',
        tags: ['Blog'],
        summary: 'Blog image bytes',
        description:
          'The bytes of a stored blog image (a cover), by the uuid in a post’s cover_image_url: the fallback when ' +
          'no CDN URL exists. Content-addressed and immutable: cached for a year, with a strong ETag (the SHA-256 ' +
          'of the bytes); a matching If-None-Match answers 304 Not Modified without a body (like every 2xx GET here, ' +
          'so 304 is not listed as a response of its own).',
        requestParams: {
          path: z.object({ publicId: ZGetMediaInput.shape.publicId.describe('The image’s public uuid.') }),
        },
        responses: {
          '200': {
            description: 'The image.',
            headers: {
              'Content-Type': headerSchema('The image’s media type, always image/* (e.g. image/png).'),
              'Content-Length': { description: 'Size in bytes.', schema: { type: 'integer' } },
              ETag: headerSchema('Strong validator: the hex SHA-256 of the bytes, in quotes.'),
              'Cache-Control': headerSchema('public, max-age=31536000, immutable'),
            },
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          },
          '400': { description: 'publicId is not a uuid (code VALIDATION_FAILED, naming publicId).' },
          '404': { description: 'No image has this uuid (code RESOURCE_NOT_FOUND).' },
        },
      },
    },
  };
}
