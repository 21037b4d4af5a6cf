import type { BlogLocale } from '../../../core/services/blog/locale.ts';
import type { NewBlogMedia, NewBlogPost } from '../../../core/services/blog/new-blog-post.ts';
import { renderBlogCover } from './blog-cover.ts';
import { demoTopicsEn, hiddenTopicsEn } from './blog-demo-en.ts';
import { demoTopicsEs, hiddenTopicsEs } from './blog-demo-es.ts';
import type { DemoTopic } from './blog-demo-topic.ts';
import { blogWords, type BlogWords } from './blog-words.ts';
import { SeededRandom } from './random.ts';

/**
 * The deterministic sequence of blog posts `npm run seed -- --posts N` draws from. Row `index`
 * always has the same content (its random generator is seeded by the index); only its dates are
 * relative to `now`, the time of seeding, so that published posts are in the past and scheduled
 * ones in the future. The first BLOG_DEMO_COUNT rows are the hand-written demo set.
 */

interface DemoEntry {
  locale: BlogLocale;
  topic: DemoTopic;
  status: NewBlogPost['status'];
}

// Published posts alternate locales, newest first; the hidden ones come last.
const demoEntries: DemoEntry[] = (() => {
  const entries: DemoEntry[] = [];
  for (let i = 0; i < Math.max(demoTopicsEn.length, demoTopicsEs.length); i++) {
    if (demoTopicsEn[i]) entries.push({ locale: 'en-US', topic: demoTopicsEn[i] as DemoTopic, status: 'published' });
    if (demoTopicsEs[i]) entries.push({ locale: 'es-US', topic: demoTopicsEs[i] as DemoTopic, status: 'published' });
  }
  hiddenTopicsEn.forEach((topic, i) => {
    entries.push({ locale: 'en-US', topic, status: i === 0 ? 'draft' : 'scheduled' });
    const es = hiddenTopicsEs[i];
    if (es) entries.push({ locale: 'es-US', topic: es, status: i === 0 ? 'draft' : 'scheduled' });
  });
  return entries;
})();

/** The hand-written demo set: 66 published posts (36 en-US, 30 es-US), 2 drafts, 4 scheduled. */
export const BLOG_DEMO_COUNT = demoEntries.length;
export const BLOG_DEMO_PUBLISHED = demoEntries.filter((entry) => entry.status === 'published').length;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DEMO_COVER = { width: 320, height: 180 };
// Generated posts share a small pool of stock covers, as real blogs do; 100,000 posts stay small.
const POOL_COVER = { width: 96, height: 54, size: 48 };
const CDN_BASE = 'https://cdn.fieldservice.example/blog/covers';

function randomFor(index: number, salt = 0): SeededRandom {
  return new SeededRandom((Math.imul(index + 1, 0x9e3779b1) ^ salt) >>> 0);
}

/** ASCII kebab case: accents dropped, anything else between words becomes one hyphen. */
function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
}

function demoBody(random: SeededRandom, words: BlogWords, topic: DemoTopic): string {
  const [first, second] = random.sample(words.headings, 2);
  // Distinct sentences for the whole body, so none repeats.
  const sentences = random.sample(words.sentences, 5);
  return [
    topic.excerpt,
    `## ${first}`,
    [topic.points[0], ...sentences.slice(0, 2)].join(' '),
    `## ${words.listHeading}`,
    topic.points.map((point) => `- ${point}`).join('\n'),
    `## ${second}`,
    sentences.slice(2).join(' '),
    `## ${words.closingHeading}`,
    random.pick(words.closings),
  ].join('\n\n');
}

const poolCovers = new Map<number, NewBlogMedia>();

function poolCover(slot: number): NewBlogMedia {
  let media = poolCovers.get(slot);
  if (!media) {
    const random = new SeededRandom(0xc0de00 + slot);
    media = {
      public_id: random.uuid(),
      mime_type: 'image/png',
      bytes: renderBlogCover(random, POOL_COVER.width, POOL_COVER.height),
    };
    poolCovers.set(slot, media);
  }
  return media;
}

type Cover = Pick<NewBlogPost, 'cover_image' | 'cover_image_cdn_url'>;

function cover(random: SeededRandom, index: number, slug: string, demo: boolean): Cover {
  const roll = random.next();
  // Both branches of cover_image_url: stored media (served by the API) and a CDN URL; some have none.
  if (roll < (demo ? 0.65 : 0.4)) {
    if (!demo) return { cover_image: poolCover(random.int(0, POOL_COVER.size - 1)), cover_image_cdn_url: null };
    const mediaRandom = randomFor(index, 0x5eed);
    return {
      cover_image: {
        public_id: mediaRandom.uuid(),
        mime_type: 'image/png',
        bytes: renderBlogCover(mediaRandom, DEMO_COVER.width, DEMO_COVER.height),
      },
      cover_image_cdn_url: null,
    };
  }
  if (roll < (demo ? 0.9 : 0.7)) return { cover_image: null, cover_image_cdn_url: `${CDN_BASE}/${slug}.jpg` };
  return { cover_image: null, cover_image_cdn_url: null };
}

type Timing = Pick<NewBlogPost, 'status' | 'published_at' | 'updated_at' | 'created_at'>;

function timing(random: SeededRandom, status: NewBlogPost['status'], ageMinutes: number, now: Date): Timing {
  const t = now.getTime();
  if (status === 'draft') {
    return {
      status,
      published_at: null,
      created_at: new Date(t - random.int(2, 20) * DAY),
      updated_at: new Date(t - random.int(1, 24) * 60 * MINUTE),
    };
  }
  if (status === 'scheduled') {
    return {
      status,
      published_at: new Date(t + random.int(3, 60) * DAY),
      created_at: new Date(t - random.int(1, 10) * DAY),
      updated_at: new Date(t - random.int(1, 24) * 60 * MINUTE),
    };
  }
  const published = t - ageMinutes * MINUTE;
  // Most posts are never touched again; some get an edit within a few days (never in the future).
  const edited = random.chance(0.3)
    ? Math.min(t - MINUTE, published + random.int(60, 5 * 24 * 60) * MINUTE)
    : published;
  return {
    status,
    published_at: new Date(published),
    created_at: new Date(published - random.int(1, 14) * DAY),
    updated_at: new Date(edited),
  };
}

function demoPost(index: number, entry: DemoEntry, now: Date): NewBlogPost {
  const random = randomFor(index);
  const words = blogWords[entry.locale];
  const slug = slugify(entry.topic.title);
  // Demo posts are about two days apart, the newest an hour old.
  const age = 60 + index * 2 * 24 * 60 + random.int(0, 20 * 60);
  return {
    slug,
    locale: entry.locale,
    title: entry.topic.title,
    excerpt: entry.topic.excerpt,
    body: demoBody(random, words, entry.topic),
    meta_description: random.chance(0.85) ? entry.topic.excerpt.slice(0, 160) : null,
    category: entry.topic.category,
    tags: entry.topic.tags,
    author_name: random.chance(0.9) ? random.pick(words.authors) : null,
    ...timing(random, entry.status, age, now),
    ...cover(random, index, slug, true),
  };
}

function generatedPost(index: number, now: Date): NewBlogPost {
  const random = randomFor(index);
  const locale: BlogLocale = random.chance(0.55) ? 'en-US' : 'es-US';
  const words = blogWords[locale];
  const [trade, tradeTag] = random.pick(words.trades);
  const [topic, topicTag] = random.pick(words.topics);
  const slots = { trade, topic, verb: random.pick(words.verbs), n: random.int(3, 12) };
  const title = random.pick(words.titles)(slots);
  const slug = `${slugify(title)}-${index}`;
  const [excerpt, second, third] = random.sample(words.topical, 3).map((sentence) => sentence(slots)) as [
    string,
    string,
    string,
  ];
  // Distinct sentences for the whole body, so none repeats.
  const sentences = random.sample(words.sentences, 8);
  const body = [
    excerpt,
    `## ${random.pick(words.headings)}`,
    [second, ...sentences.slice(0, 3)].join(' '),
    `## ${words.listHeading}`,
    sentences
      .slice(3, 6)
      .map((sentence) => `- ${sentence}`)
      .join('\n'),
    [third, ...sentences.slice(6)].join(' '),
    `## ${words.closingHeading}`,
    random.pick(words.closings),
  ].join('\n\n');
  const roll = random.next();
  const status: NewBlogPost['status'] = roll < 0.02 ? 'draft' : roll < 0.04 ? 'scheduled' : 'published';
  // After the demo set (about 140 days), generated posts go back about 90 minutes each.
  const age = 150 * 24 * 60 + (index - BLOG_DEMO_COUNT) * 90 + random.int(0, 80);
  const tags = [...new Set([tradeTag, topicTag, ...(random.chance(0.5) ? [random.pick(words.topics)[1]] : [])])];
  return {
    slug,
    locale,
    title,
    excerpt,
    body,
    meta_description: random.chance(0.7) ? excerpt.slice(0, 160) : null,
    category: random.chance(0.95) ? random.pick(words.categories) : null,
    tags,
    author_name: random.chance(0.9) ? random.pick(words.authors) : null,
    ...timing(random, status, age, now),
    ...cover(random, index, slug, false),
  };
}

/** Row `index` of the sequence, with dates relative to `now`. */
export function generateBlogPost(index: number, now: Date): NewBlogPost {
  const entry = demoEntries[index];
  return entry ? demoPost(index, entry, now) : generatedPost(index, now);
}
