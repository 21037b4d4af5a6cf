import type { SkillMeta } from '../../trpc.ts';
import type { GetPostOutput } from './get-post.schema.ts';

/** blog.getPost as the A2A skill read-blog-post. */
export const readBlogPostSkill: SkillMeta = {
  id: 'read-blog-post',
  name: 'Read a blog post',
  description:
    'Reads one published blog post by its slug (from find-blog-posts), in en-US or es-US: title, excerpt, the body in ' +
    'Markdown and absolute URLs, exactly as GET /api/v1/blog/posts/{slug} does.',
  tags: ['blog', 'articles', 'read'],
  examples: ['Read the blog post how-to-price-hvac-jobs'],
  summarize: (output: GetPostOutput) => `"${output.data.title}" (${output.data.locale}).`,
};
