import { z } from 'zod';
import { BLOG_LOCALES } from '../../services/blog/locale.ts';
import { refuseNul } from '../../services/sql/no-nul.ts';

/** The longest text the router reads: a message is a request, not a document, and routing it costs per character. */
const MAX_MESSAGE_TEXT = 2000;

export const ZInterpretMessageInput = z.object({
  text: z
    .string()
    .max(MAX_MESSAGE_TEXT)
    .check(refuseNul('must not contain the NUL character'))
    .describe(`The free text of the message (at most ${MAX_MESSAGE_TEXT} characters).`),
});

const ZLocale = z.enum(BLOG_LOCALES);

/** One routed skill with its arguments: exactly what its procedure's input takes. */
const ZRoutedSkill = z.discriminatedUnion('skill', [
  z.object({
    skill: z.literal('find-businesses'),
    arguments: z.object({
      industry: z.string().optional(),
      metro: z.string().optional(),
      zip: z.string().optional(),
      min_rating: z.number().optional(),
      min_reviews: z.number().int().optional(),
      q: z.string().optional(),
    }),
  }),
  z.object({
    skill: z.literal('find-government-opportunities'),
    arguments: z.object({
      keyword: z.string().optional(),
      state: z.string().optional(),
      naics: z.string().optional(),
      category: z.string().optional(),
      set_aside: z.string().optional(),
    }),
  }),
  z.object({
    skill: z.literal('find-blog-posts'),
    arguments: z.object({
      q: z.string().optional(),
      category: z.string().optional(),
      tag: z.string().optional(),
      locale: ZLocale,
    }),
  }),
  z.object({ skill: z.literal('read-blog-post'), arguments: z.object({ slug: z.string(), locale: ZLocale }) }),
  z.object({ skill: z.literal('explain-paid-reference'), arguments: z.object({}).strict() }),
]);

export const ZInterpretMessageOutput = z.union([
  ZRoutedSkill,
  z.object({
    needs: z
      .string()
      .describe('What the message lacks, naming the skills and arguments: the text of an input-required task.'),
  }),
]);
