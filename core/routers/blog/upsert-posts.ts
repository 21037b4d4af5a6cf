import { upsertImportedBatch } from '../../services/blog/upsert-posts.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZUpsertPostsInput, ZUpsertPostsOutput } from './upsert-posts.schema.ts';

/**
 * One batch of a Markdown directory import (scripts only: `npm run admin -- import-blog`): its
 * images stored once each, its posts created or updated by (slug, locale) when what is stored from
 * the file changed, in one transaction. A post no import owns (the seed's) is left alone and
 * answered `not_owned` unless `adopt`.
 */
export const upsertPosts = systemProcedure
  .input(ZUpsertPostsInput)
  .output(ZUpsertPostsOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await upsertImportedBatch(ctx.em, input.posts, input.media, {
      adopt: input.adopt,
      dryRun: input.dry_run,
      now: ctx.clock.now(),
      urls: ctx.urls,
    });
    if (!input.dry_run) {
      ctx.services.caches.routerVocabulary.invalidate();
      ctx.services.caches.publicReads.invalidate('blog');
    }
    return result;
  });
