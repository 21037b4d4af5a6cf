import { z } from 'zod';
import { listClaims as listClaimRows } from '../../../services/directory/claims/claim-rows.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { directoryClaimsReadProcedure } from '../../../trpc.ts';
import { ZListClaimsInput, ZListClaimsOutput } from './list-claims.schema.ts';

/** The last row's created_at (as PostgreSQL wrote it, microseconds kept) and id. */
const ZKey = z.tuple([z.string().min(1).max(64), z.uuid()]);

export const listClaims = directoryClaimsReadProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/directory/claims',
      operationId: 'directory-listClaims',
      tags: ['Directory claims'],
      summary: "List the business's directory claims",
      description:
        'Newest first, 25 per page by default (`limit` up to 100), optionally of one `status`; pass `next_cursor` as ' +
        '`cursor` for the next page. Each claim carries its evidence and its history.',
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZListClaimsInput)
  .output(ZListClaimsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZKey);
    const rows = await listClaimRows(ctx.sql, ctx.businessId, {
      status: input.status,
      after: after ? [after[0], after[1]] : undefined,
      limit: input.limit,
    });
    return toCursorPage(
      rows,
      input.limit,
      (row) => row.key,
      ({ key: _key, ...claim }) => claim,
    );
  });
