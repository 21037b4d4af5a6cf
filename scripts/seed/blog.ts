import { BLOG_DEMO_COUNT } from '../../core/services/demo-data/blog.ts';
import type { SeedArea } from './area.ts';

const BATCH = 1000;

/**
 * `--posts N`: blog posts of both locales. The first BLOG_DEMO_COUNT rows of the sequence are the
 * hand-written demo set (66 published, 2 drafts, 4 scheduled); later rows are generated.
 */
export const blogSeedArea: SeedArea | undefined = {
  flag: 'posts',
  demoCount: BLOG_DEMO_COUNT,
  async count(caller) {
    return (await caller.blog.count()).count;
  },
  async seed(caller, start, count, progress) {
    for (let done = 0; done < count; done += BATCH) {
      await caller.blog.seedBatch({ start: start + done, count: Math.min(BATCH, count - done) });
      progress(Math.min(done + BATCH, count));
    }
  },
};
