import { generateBlogPost } from '../../services/demo-data/blog.ts';
import { insertBlogPosts } from '../../services/blog/insert-posts.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSeedBatchInput, ZSeedBatchOutput } from './seed-batch.schema.ts';

/** Inserts rows start .. start+count-1 of the demo sequence (scripts only). */
export const seedBatch = systemProcedure
  .input(ZSeedBatchInput)
  .output(ZSeedBatchOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const posts = Array.from({ length: input.count }, (_, i) => generateBlogPost(input.start + i, now));
    return { inserted: await insertBlogPosts(ctx.em, posts) };
  });
