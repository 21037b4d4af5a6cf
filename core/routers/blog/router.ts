import { router } from '../../trpc.ts';
import { countPosts } from './count-posts.ts';
import { getMedia } from './get-media.ts';
import { getPost } from './get-post.ts';
import { getSitemap } from './get-sitemap.ts';
import { importPosts } from './import-posts.ts';
import { listCategories } from './list-categories.ts';
import { listImportedPosts } from './list-imported-posts.ts';
import { listPosts } from './list-posts.ts';
import { unpublishImportedPosts } from './unpublish-imported-posts.ts';
import { upsertPosts } from './upsert-posts.ts';

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
  // The Markdown directory import (npm run admin -- import-blog).
  upsertPosts,
  listImportedPosts,
  unpublishImportedPosts,
});
