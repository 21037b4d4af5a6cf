import { router } from '../../trpc.ts';
import { countPosts } from './count-posts.ts';
import { getMedia } from './get-media.ts';
import { getPost } from './get-post.ts';
import { getSitemap } from './get-sitemap.ts';
import { importPosts } from './import-posts.ts';
import { listCategories } from './list-categories.ts';
import { listPosts } from './list-posts.ts';

export const blogRouter = router({
  listPosts,
  // Before getPost: the REST adapter takes the first path that matches, and
  // /v1/blog/posts/{slug} would otherwise capture /v1/blog/posts/categories.
  listCategories,
  getPost,
  getSitemap,
  getMedia,
  // System-only (scripts): no REST mapping.
  importPosts,
  countPosts,
});
