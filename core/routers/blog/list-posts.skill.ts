import type { SkillMeta } from '../../trpc.ts';
import type { ListPostsOutput } from './list-posts.schema.ts';

/** blog.listPosts as the A2A skill find-blog-posts. */
export const findBlogPostsSkill: SkillMeta = {
  id: 'find-blog-posts',
  name: 'Find blog posts',
  description:
    'Searches the published blog posts (en-US or es-US) by words, category or tag. Answers one page of posts with ' +
    'their absolute URLs, exactly as GET /api/v1/blog/posts does; read one with read-blog-post.',
  tags: ['blog', 'articles', 'search'],
  examples: ['Blog posts about pricing', 'Show me articles tagged maintenance'],
  summarize: (output: ListPostsOutput) =>
    `Found ${output.meta.total} post${output.meta.total === 1 ? '' : 's'}; this page lists ${output.data.length}.`,
};
