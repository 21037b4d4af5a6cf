import { countBlogPosts } from '../../services/blog/count-posts.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCountPostsInput, ZCountPostsOutput } from './count-posts.schema.ts';

/** How many posts exist, whatever their status: seeding continues the sequence after them (scripts only). */
export const countPosts = systemProcedure
  .input(ZCountPostsInput)
  .output(ZCountPostsOutput)
  .query(async ({ ctx }) => {
    return { count: await countBlogPosts(ctx.em) };
  });
