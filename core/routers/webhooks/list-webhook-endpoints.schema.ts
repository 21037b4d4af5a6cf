import { z } from 'zod';
import { ZCursorPage, ZRestCursorPageInput } from '../../domain/workspace/cursor-page.schema.ts';
import { ZWebhookEndpoint } from './webhook-endpoint.schema.ts';

/** Cursor pagination as the workspace lists (`cursor`, `limit` 1..100, default 25), read from a query string. */
export const ZListWebhookEndpointsInput = z.object({
  ...ZRestCursorPageInput,
});

export const ZListWebhookEndpointsOutput = ZCursorPage(ZWebhookEndpoint);
