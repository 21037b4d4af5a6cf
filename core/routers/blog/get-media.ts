import { runQuery } from '../../services/sql/query.ts';
import { AppError } from '../../errors/index.ts';
import { buildGetBlogMediaQuery, toBlogMedia, type BlogMediaRow } from '../../services/blog/media.query.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetMediaInput, ZGetMediaOutput } from './get-media.schema.ts';

/**
 * A stored blog image by its public uuid. No REST meta: the binary endpoint
 * GET /v1/blog/media/{publicId} (adapters/http/media.ts) calls it and writes the bytes itself.
 */
export const getMedia = publicProcedure
  .input(ZGetMediaInput)
  .output(ZGetMediaOutput)
  .query(async ({ ctx, input }) => {
    const { sql, params } = buildGetBlogMediaQuery(input.publicId);
    const [row] = await runQuery<BlogMediaRow>(ctx.sql, { sql, params });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `Blog media "${input.publicId}" was not found.`);
    return toBlogMedia(row);
  });
