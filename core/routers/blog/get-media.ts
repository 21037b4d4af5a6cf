import { AppError } from '../../errors/index.ts';
import { findBlogMedia } from '../../services/blog/media.query.ts';
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
    const media = await findBlogMedia(ctx.sql, input.publicId);
    if (!media) throw new AppError('RESOURCE_NOT_FOUND', `Blog media "${input.publicId}" was not found.`);
    return media;
  });
