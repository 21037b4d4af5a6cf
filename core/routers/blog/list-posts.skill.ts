import { appliedFilters, counted, firstNames } from '../../services/agent/summary.ts';
import type { SkillMeta } from '../../procedures/meta.ts';
import type { ListPostsOutput } from './list-posts.schema.ts';

/** blog.listPosts as the A2A skill find-blog-posts. */
export const findBlogPostsSkill: SkillMeta = {
  id: 'find-blog-posts',
  name: 'Find blog posts',
  description:
    'Searches the published blog posts on running a field-service business. Arguments (all optional): `q` (search ' +
    'words, ranked by relevance), `category` (spelled exactly as GET /api/v1/blog/posts/categories lists it), `tag`, ' +
    '`locale` (en-US, the default, or es-US), `page` and `per_page` (1 to 50, default 15). Answers one page of posts ' +
    '(title, excerpt, slug, absolute URLs) with the pagination meta and links, exactly as GET /api/v1/blog/posts ' +
    'does; read one post with read-blog-post and its slug.',
  tags: ['blog', 'articles', 'search', 'es-US'],
  examples: [
    'Blog posts about pricing',
    'Show me articles tagged maintenance',
    'Guides on hiring technicians',
    'Artículos sobre facturación',
  ],
  summarize: (output: ListPostsOutput, input?: Record<string, unknown>) => {
    const filters = appliedFilters(input, ['q', 'category', 'tag', 'locale']);
    if (output.meta.total === 0) return `No published post matches (${filters}).`;
    if (output.data.length === 0)
      return `Found ${output.meta.total_is_estimate ? 'about ' : ''}${counted(output.meta.total, 'post', 'posts')} (${filters}); this page is past the last.`;
    return (
      `Found ${output.meta.total_is_estimate ? 'about ' : ''}${counted(output.meta.total, 'post', 'posts')} (${filters}): ` +
      `${firstNames(
        output.data.map((post) => post.title),
        output.meta.total,
      )}. Read one with read-blog-post ` +
      `(slug ${output.data[0]!.slug}).`
    );
  },
};
