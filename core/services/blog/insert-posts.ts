import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import { insertBlogRows } from './insert-posts.query.ts';
import type { NewBlogMedia, NewBlogPost } from './new-blog-post.ts';

/** Only images are ever stored: the media endpoint serves these bytes with their own type. */
export const IMAGE_MIME_TYPE = /^image\/[a-z0-9.+-]+$/;
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

function checkMedia(media: NewBlogMedia, slug: string): void {
  if (!IMAGE_MIME_TYPE.test(media.mime_type)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The cover of "${slug}" has type "${media.mime_type}"; only image/* types are stored.`,
    );
  }
  if (media.bytes.length === 0 || media.bytes.length > MAX_MEDIA_BYTES) {
    throw new AppError('VALIDATION_FAILED', `The cover of "${slug}" must have 1 to ${MAX_MEDIA_BYTES} bytes.`);
  }
}

/**
 * Inserts posts and their stored covers with one multi-row INSERT each (more only past the bind
 * parameter limit), in one transaction. Rows that already exist (same slug and locale; same media
 * uuid) are skipped, so replaying a batch is harmless. Returns how many posts were new.
 */
export async function insertBlogPosts(em: EntityManager, posts: NewBlogPost[]): Promise<number> {
  if (posts.length === 0) return 0;
  const media = new Map<string, NewBlogMedia>();
  for (const post of posts) {
    if (!post.cover_image) continue;
    checkMedia(post.cover_image, post.slug);
    // Covers may be shared between posts; one row each.
    media.set(post.cover_image.public_id, post.cover_image);
  }
  return insertBlogRows(em, [...media.values()], posts);
}
