import type { BlogLocale } from '../../blog/locale.ts';

/** What routing a message answers: one skill with its arguments, or what the message still needs. */
export interface FindBusinessesArguments {
  industry?: string;
  metro?: string;
  zip?: string;
  min_rating?: number;
  min_reviews?: number;
  q?: string;
}
export interface FindGovernmentOpportunitiesArguments {
  keyword?: string;
  state?: string;
  naics?: string;
  category?: string;
  set_aside?: string;
}
export interface FindBlogPostsArguments {
  q?: string;
  category?: string;
  tag?: string;
  locale: BlogLocale;
}
interface ReadBlogPostArguments {
  slug: string;
  locale: BlogLocale;
}

export type RoutedMessage =
  | { skill: 'find-businesses'; arguments: FindBusinessesArguments }
  | { skill: 'find-government-opportunities'; arguments: FindGovernmentOpportunitiesArguments }
  | { skill: 'find-blog-posts'; arguments: FindBlogPostsArguments }
  | { skill: 'read-blog-post'; arguments: ReadBlogPostArguments }
  | { skill: 'explain-paid-reference'; arguments: Record<string, never> }
  | { needs: string };
