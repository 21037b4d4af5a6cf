import type { EntitySchema } from '@mikro-orm/core';
import { BlogMedia } from './blog-media.ts';
import { BlogPost } from './blog-post.ts';

export const blogEntities: EntitySchema[] = [BlogMedia, BlogPost];
