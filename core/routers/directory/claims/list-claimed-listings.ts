import { z } from 'zod';
import { listClaimedListings as listClaimedRows } from '../../../services/directory/claims/claimed-listings.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { directoryClaimsReadProcedure } from '../../../trpc.ts';
import { ZListClaimedListingsInput, ZListClaimedListingsOutput } from './list-claimed-listings.schema.ts';

/** The id of the page's last listing. */
const ZKey = z.tuple([z.number().int().min(0)]);

export const listClaimedListings = directoryClaimsReadProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/directory/claimed-listings',
      operationId: 'directory-listClaimedListings',
      tags: ['Directory claims'],
      summary: 'List the listings the business has claimed',
      description:
        'The listings whose claim the operator approved for this business, by id, with their public fields, the long ' +
        'description and their status; `limit` up to 100, `next_cursor` as `cursor` for the next page.',
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZListClaimedListingsInput)
  .output(ZListClaimedListingsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZKey);
    const rows = await listClaimedRows(ctx.sql, ctx.businessId, { afterId: after?.[0], limit: input.limit }, ctx.urls);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.id],
      (row) => row,
    );
  });
