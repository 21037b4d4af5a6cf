import { z } from 'zod';
import { ZCursorPage } from '../../domain/workspace/cursor-page.schema.ts';
import { ZWebhookEndpoint } from './webhook-endpoint.schema.ts';

/**
 * Cursor pagination as the workspace lists (`cursor`, `limit` 1..100, default 25); `limit` read from a
 * query string too. Its own fields, not ZCursorPageInput's: trpc-to-openapi switches coercion on in the
 * schemas of REST-mapped inputs, and the workspace lists' inputs are MCP tools' too.
 */
export const ZListWebhookEndpointsInput = z.object({
  cursor: z
    .string()
    .min(1)
    .max(500)
    // Described before optional(): the OpenAPI generator reads the description of the inner schema only.
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items per page, 1 to 100 (default 25).'),
});

export const ZListWebhookEndpointsOutput = ZCursorPage(ZWebhookEndpoint);
