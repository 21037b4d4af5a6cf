import { insertBlogPosts } from '../../services/blog/insert-posts.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZImportPostsInput, ZImportPostsOutput } from './import-posts.schema.ts';

/**
 * Inserts the given posts as they are (scripts only): content imports, and fixtures for tests.
 * Posts whose slug already exists in their locale are skipped.
 */
export const importPosts = systemProcedure
  .input(ZImportPostsInput)
  .output(ZImportPostsOutput)
  .mutation(async ({ ctx, input }) => {
    const inserted = await insertBlogPosts(ctx.em, input.posts);
    ctx.services.caches.routerVocabulary.invalidate();
    ctx.services.caches.publicReads.invalidate('blog');
    return { inserted };
  });
