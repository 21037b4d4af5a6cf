import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A stored image (a blog cover when no CDN URL exists), served by its public uuid. The bytes are
 * lazy: loading the entity never drags them along unless asked for.
 */
export const BlogMedia = defineEntity({
  name: 'BlogMedia',
  tableName: 'blog_media',
  properties: (p) => ({
    id: p.bigint('string').primary().autoincrement(),
    publicId: p.uuid().unique('blog_media_public_id_key'),
    mimeType: p.string().length(100),
    byteSize: p.integer(),
    checksumSha256: p.character().length(64),
    bytes: p.blob().lazy(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

export type IBlogMedia = InferEntity<typeof BlogMedia>;
