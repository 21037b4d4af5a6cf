import { z } from 'zod';
import { ZBlogLocaleQuery } from './blog-post.schema.ts';

export const ZListCategoriesInput = z.object({ locale: ZBlogLocaleQuery });

const ZBlogCategoryRow = z
  .object({
    category: z.string().describe('The category name, as the `category` filter of /v1/blog/posts takes it.'),
    post_count: z.number().int().describe('Published posts of the locale in this category.'),
  })
  .meta({ id: 'BlogCategoryRow' });

export const ZListCategoriesOutput = z.object({ data: z.array(ZBlogCategoryRow) });
