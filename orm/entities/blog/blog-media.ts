import { defineEntity } from '@mikro-orm/core';

/**
 * A stored image (a blog cover when no CDN URL exists), served by its public uuid. The bytes are
 * lazy: loading the entity never drags them along unless asked for.
 */
export const BlogMedia = defineEntity({
  name: 'BlogMedia',
  tableName: 'blog_media',
  checks: [
    { name: 'blog_media_mime_type_check', expression: `mime_type ~ '^image/[a-z0-9.+-]+$'` },
    { name: 'blog_media_byte_size_check', expression: 'byte_size = octet_length(bytes)' },
    { name: 'blog_media_checksum_check', expression: `checksum_sha256 ~ '^[0-9a-f]{64}$'` },
  ],
  properties: (p) => ({
    id: p.bigint('string').primary().autoincrement().generated('identity'),
    publicId: p.uuid().unique('blog_media_public_id_key'),
    mimeType: p.string().length(100),
    byteSize: p.integer(),
    checksumSha256: p.character().length(64),
    bytes: p.blob().lazy(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});
