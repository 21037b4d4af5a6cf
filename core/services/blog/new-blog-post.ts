import type { BlogLocale, BlogStatus } from './locale.ts';

/** A post and its cover as the import stores them; the insert and its query file both read this shape. */
export interface NewBlogMedia {
  public_id: string;
  mime_type: string;
  bytes: Buffer;
}

export interface NewBlogPost {
  slug: string;
  locale: BlogLocale;
  status: BlogStatus;
  title: string;
  excerpt: string | null;
  body: string;
  meta_description: string | null;
  category: string | null;
  tags: string[];
  author_name: string | null;
  cover_image_cdn_url: string | null;
  cover_image: NewBlogMedia | null;
  published_at: Date | null;
  updated_at: Date;
  created_at: Date;
}
