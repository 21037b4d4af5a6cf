import { z } from 'zod';

/**
 * Cursor pagination of the workspace lists: `cursor` is opaque (the previous page's `next_cursor`),
 * `limit` 1..100, default 25. Every list has a stable order ending in `id`, so a cursor is exact.
 */
export const ZCursorPageInput = {
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.'),
  limit: z.number().int().min(1).max(100).default(25).describe('Items per page, 1 to 100 (default 25).'),
};

/**
 * The same pagination for REST lists read from a query string (`limit` coerced): their own instances,
 * not ZCursorPageInput's, because trpc-to-openapi switches coercion on in the schemas of REST-mapped
 * inputs and the workspace lists' inputs are MCP tools' too. `cursor` is described before optional():
 * the OpenAPI generator reads the description of the inner schema only.
 */
export const ZRestCursorPageInput = {
  cursor: z
    .string()
    .min(1)
    .max(500)
    .describe('Opaque cursor: the `next_cursor` of the previous page. Omit it for the first page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Items per page, 1 to 100 (default 25).'),
};

export function ZCursorPage<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable().describe('Pass as `cursor` to get the next page; null on the last page.'),
  });
}

/** Identifiers are UUIDs; a malformed one is a validation error that names the field. */
export const ZId = z.uuid({ message: 'expected a UUID' });

/** An ISO 8601 date (YYYY-MM-DD). */
export const ZDate = z.iso.date();
/** An ISO 8601 date-time with an offset (e.g. 2026-11-22T09:00:00Z). */
export const ZDateTime = z.iso.datetime({ offset: true });

export const ZAddress = z
  .object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  })
  .meta({ id: 'Address' });
