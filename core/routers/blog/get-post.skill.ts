import type { SkillMeta } from '../../procedures/meta.ts';
import type { GetPostOutput } from './get-post.schema.ts';

/** How much of the excerpt a summary quotes. */
const EXCERPT_CHARACTERS = 200;

/** blog.getPost as the A2A skill read-blog-post. */
export const readBlogPostSkill: SkillMeta = {
  id: 'read-blog-post',
  name: 'Read a blog post',
  description:
    "Reads one published blog post. Arguments: `slug` (required: the post's URL name, as find-blog-posts lists it, " +
    'e.g. how-to-build-a-dispatch-board-that-survives-monday-mornings) and `locale` (en-US, the default, or es-US: ' +
    'a slug exists in one locale). Answers the title, excerpt, category, tags, the body in Markdown and absolute ' +
    'URLs, exactly as GET /api/v1/blog/posts/{slug} does; an unknown slug is a not-found error.',
  tags: ['blog', 'articles', 'read'],
  examples: [
    'Read the blog post how-to-build-a-dispatch-board-that-survives-monday-mornings',
    'Open https://example.com/api/v1/blog/posts/route-optimization-for-small-hvac-teams',
    'Lee el artículo como-organizar-el-tablero-de-despacho-para-los-lunes',
  ],
  summarize: (output: GetPostOutput) => {
    const post = output.data;
    const excerpt =
      post.excerpt && post.excerpt.length > EXCERPT_CHARACTERS
        ? `${post.excerpt.slice(0, EXCERPT_CHARACTERS - 1)}…`
        : post.excerpt;
    const about = [post.category, post.published_at?.slice(0, 10)].filter(Boolean).join(', ');
    return `"${post.title}" (${post.locale}${about ? `, ${about}` : ''}).${excerpt ? ` ${excerpt}` : ''}`;
  },
};
