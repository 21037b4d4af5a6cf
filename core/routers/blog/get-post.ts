import { AppError } from '../../errors/index.ts';
import { cachePublicly } from '../../response-meta.ts';
import { findPublishedBlogPost } from '../../services/blog/get-post.query.ts';
import { publicProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZGetPostInput, ZGetPostOutput } from './get-post.schema.ts';
import { readBlogPostSkill } from './get-post.skill.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getPost = skipOutputReparse(
  publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'blog-getPost',
        path: '/v1/blog/posts/{slug}',
        tags: ['Blog'],
        summary: 'One published blog post',
        description:
          'The full post (BlogPostDetail: the public fields plus body and meta_description) by slug, in `locale` ' +
          '(default en-US). A draft, a post not yet published, or a slug that exists only in the other locale answers ' +
          '404. Cached publicly for 60 seconds.',
        successDescription: 'The post.',
        errorResponses: { 404: 'No published post has this slug in this locale (code RESOURCE_NOT_FOUND).' },
      },
      skill: readBlogPostSkill,
    })
    .input(ZGetPostInput)
    .output(ZGetPostOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'blog', 'blog.getPost', input, async () => {
        const post = await findPublishedBlogPost(ctx.sql, input, ctx.clock.now(), ctx.urls);
        if (!post)
          throw new AppError(
            'RESOURCE_NOT_FOUND',
            `Blog post "${input.slug}" was not found in locale ${input.locale}.`,
          );
        cachePublicly(ctx, 60);
        return { data: post };
      }),
    ),
);
