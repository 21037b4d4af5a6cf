import { cachePublicly } from '../../response-meta.ts';
import { listBlogCategories } from '../../services/blog/list-categories.query.ts';
import { publicProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZListCategoriesInput, ZListCategoriesOutput } from './list-categories.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const listCategories = skipOutputReparse(
  publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'blog-listCategories',
        path: '/v1/blog/posts/categories',
        tags: ['Blog'],
        summary: 'Blog categories with post counts',
        description:
          'Every category of the locale’s published posts with the number of posts in it, most posts first, then by ' +
          'name (bytewise). Posts without a category are not counted. Not paged. Cached publicly for 60 seconds.',
        successDescription: 'The categories of the locale.',
      },
    })
    .input(ZListCategoriesInput)
    .output(ZListCategoriesOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'blog', 'blog.listCategories', input, async () => {
        const data = await listBlogCategories(ctx.sql, input, ctx.clock.now());
        cachePublicly(ctx, 60);
        return { data };
      }),
    ),
);
