import { unpublishImportedPosts as unpublish } from '../../services/blog/upsert-posts.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZUnpublishImportedPostsInput, ZUnpublishImportedPostsOutput } from './unpublish-imported-posts.schema.ts';

/**
 * Sets posts a Markdown import owns back to draft (scripts only: `import-blog --prune`, for files
 * that are gone). Only a post still owned from the same path changes; drafts stay as they are.
 */
export const unpublishImportedPosts = systemProcedure
  .input(ZUnpublishImportedPostsInput)
  .output(ZUnpublishImportedPostsOutput)
  .mutation(async ({ ctx, input }) => {
    const rows = await unpublish(ctx.em, input.posts, ctx.clock.now());
    ctx.services.caches.routerVocabulary.invalidate();
    ctx.services.caches.publicReads.invalidate('blog');
    return { unpublished: rows };
  });
