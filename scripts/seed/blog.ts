import { BLOG_DEMO_COUNT, generateBlogPost } from './demo-data/blog.ts';
import type { SeedArea } from './area.ts';

/** Posts per importPosts call (its maximum): one INSERT for the posts, one for their covers. */
const BATCH = 1000;

/**
 * `--posts N`: blog posts of both locales. The first BLOG_DEMO_COUNT rows of the sequence are the
 * hand-written demo set (66 published, 2 drafts, 4 scheduled); later rows are generated. Each batch
 * is generated here, dated relative to the moment it is made, and stored by `blog.importPosts`.
 */
export const blogSeedArea: SeedArea | undefined = {
  flag: 'posts',
  demoCount: BLOG_DEMO_COUNT,
  async count(caller) {
    return (await caller.blog.countPosts()).count;
  },
  async seed(caller, start, count, progress, batch = BATCH) {
    for (let done = 0; done < count; done += batch) {
      const now = new Date();
      const posts = Array.from({ length: Math.min(batch, count - done) }, (_, i) =>
        generateBlogPost(start + done + i, now),
      );
      await caller.blog.importPosts({ posts });
      progress(Math.min(done + batch, count));
    }
  },
};
