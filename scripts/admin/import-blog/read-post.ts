import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { sniffImageType } from '../../../core/services/blog/image-type.ts';
import { MAX_MEDIA_BYTES } from '../../../core/services/blog/insert-posts.ts';
import type { ImportedPost } from '../../../core/services/blog/upsert-posts.ts';
import { BLOG_LOCALES } from '../../../core/services/blog/locale.ts';
import { splitFrontMatter, type FileProblem, type FrontMatterValue, type SplitPost } from './front-matter.ts';
import { localImageReferences } from './image-references.ts';

/** A post read from its file, ready for blog.upsertPosts, with the bytes of the images it refers to. */
export interface ReadPost extends ImportedPost {
  /** The line of `slug` (or 1 when it comes from the file name): where a clash is reported. */
  slugLine: number;
  media: Map<string, Buffer>;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_BODY = 200_000;
const MAX_TAGS = 30;

/** The uuid of an image: from the SHA-256 of its bytes (version 8, RFC 9562), so the same bytes are stored once. */
function mediaIdOf(bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A slug from a file name: `Guía de Precios.md` -> `guia-de-precios`. */
function slugFromFileName(file: string): string {
  return path
    .basename(file, path.extname(file))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 200);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/** `2026-03-01` (midnight UTC) or an ISO 8601 date-time with Z or an offset; an error text otherwise. */
function parsePublishedAt(text: string): Date | string {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return `"${text}" is not a date (2026-03-01) or a date-time (2026-03-01T09:00:00-05:00)`;
  const [, year, month, day, hour, zone] = match;
  if (hour !== undefined && zone === undefined) {
    return `"${text}" has a time but no zone: add Z (UTC) or an offset such as -05:00`;
  }
  const date = new Date(hour === undefined ? `${year}-${month}-${day}T00:00:00Z` : text.trim().replace(' ', 'T'));
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid =
    !Number.isNaN(date.getTime()) &&
    calendar.getUTCFullYear() === Number(year) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day);
  return valid ? date : `"${text}" is not a real date`;
}

/** Why `target` may not be read as an image of a file in `root` (both real paths), or undefined. */
function outside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative);
}

type ImageResult = { id: string; bytes: Buffer } | { problem: string };

/**
 * An image a post refers to, read from the directory: the path resolved against the post's own
 * folder, refused when it leads outside the imported directory (`..`, an absolute path, or a
 * symbolic link out), when it is missing, empty, larger than MAX_MEDIA_BYTES, or not an image by
 * its bytes.
 */
async function readImage(root: string, postFile: string, written: string): Promise<ImageResult> {
  let decoded = written;
  try {
    decoded = decodeURI(written);
  } catch {
    // Not percent-encoded text: the path as written.
  }
  const target = path.resolve(path.dirname(postFile), decoded);
  if (outside(root, target)) return { problem: `image "${written}" is outside the imported directory` };
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    return { problem: `image "${written}" not found` };
  }
  if (outside(root, real))
    return { problem: `image "${written}" leads outside the imported directory (a symbolic link)` };
  const info = await stat(real);
  if (!info.isFile()) return { problem: `image "${written}" is not a file` };
  if (info.size === 0 || info.size > MAX_MEDIA_BYTES) {
    return { problem: `image "${written}" has ${info.size} bytes; an image has 1 to ${MAX_MEDIA_BYTES}` };
  }
  const bytes = await readFile(real);
  if (!sniffImageType(bytes)) return { problem: `image "${written}" is not a PNG, JPEG, GIF, WebP or AVIF image` };
  return { id: mediaIdOf(bytes), bytes };
}

function text(field: FrontMatterValue | undefined): string | null {
  if (!field || field.value === null) return null;
  return Array.isArray(field.value) ? field.value.join(', ') : field.value;
}

/** Checks each front matter value; the post's fields, or the problems at their lines. */
function checkFields(fields: SplitPost['fields'], file: string, problems: FileProblem[]) {
  const limited = (key: keyof SplitPost['fields'], max: number): string | null => {
    const value = text(fields[key])?.trim() ?? null;
    if (value !== null && value.length > max) {
      problems.push({ line: fields[key]!.line, message: `"${key}" has ${value.length} characters; at most ${max}` });
    }
    return value === '' ? null : value;
  };
  const title = limited('title', 300);
  if (title === null) problems.push({ line: fields.title?.line ?? 1, message: 'the front matter has no "title"' });

  const slug = text(fields.slug)?.trim() || slugFromFileName(file);
  if (!SLUG.test(slug) || slug.length > 200) {
    problems.push({
      line: fields.slug?.line ?? 1,
      message: fields.slug
        ? `slug "${slug}" must be lower-case words joined by hyphens (at most 200 characters)`
        : `no "slug", and none can be made from the file name`,
    });
  }

  const localeText = text(fields.locale)?.trim() || 'en-US';
  const locale = BLOG_LOCALES.find((known) => known === localeText);
  if (!locale) {
    problems.push({
      line: fields.locale?.line ?? 1,
      message: `locale "${localeText}" is not one of ${BLOG_LOCALES.join(', ')}`,
    });
  }

  const rawTags = fields.tags?.value ?? [];
  const tags = (Array.isArray(rawTags) ? rawTags : rawTags.split(','))
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  if (tags.length > MAX_TAGS)
    problems.push({ line: fields.tags!.line, message: `${tags.length} tags; at most ${MAX_TAGS}` });
  const longTag = tags.find((tag) => tag.length > 100);
  if (longTag)
    problems.push({
      line: fields.tags!.line,
      message: `tag "${longTag.slice(0, 40)}..." is longer than 100 characters`,
    });

  let publishedAt: Date | null = null;
  const published = text(fields.published_at)?.trim();
  if (published) {
    const parsed = parsePublishedAt(published);
    if (typeof parsed === 'string')
      problems.push({ line: fields.published_at!.line, message: `published_at ${parsed}` });
    else publishedAt = parsed;
  }

  return {
    title: title ?? '',
    slug,
    locale: locale ?? 'en-US',
    slugLine: fields.slug?.line ?? 1,
    category: limited('category', 100),
    author_name: limited('author', 200),
    excerpt: limited('excerpt', 1000),
    meta_description: limited('meta_description', 500),
    tags: [...new Set(tags.map((tag) => tag.toLowerCase()))],
    published_at: publishedAt,
  };
}

/**
 * The (slug, locale) a file claims and the line that says so, read from its front matter alone
 * (no images): the first pass of a run, which finds two files claiming one post before either is
 * stored. Undefined when the front matter cannot be read (the full read reports why).
 */
export async function claimedKey(
  root: string,
  relativePath: string,
): Promise<{ slug: string; locale: string; line: number } | undefined> {
  const split = splitFrontMatter(await readFile(path.join(root, relativePath), 'utf8'));
  if (!split.post) return undefined;
  const { fields } = split.post;
  return {
    slug: text(fields.slug)?.trim() || slugFromFileName(relativePath),
    locale: text(fields.locale)?.trim() || 'en-US',
    line: fields.slug?.line ?? 1,
  };
}

/**
 * Reads one post: its front matter checked, its body's local images read and their references
 * placed, its cover read or taken as a CDN URL. Every problem of the file is collected (each
 * with its line), so one run shows them all.
 */
export async function readPost(
  root: string,
  relativePath: string,
): Promise<{ post?: ReadPost; problems: FileProblem[] }> {
  const file = path.join(root, relativePath);
  const split = splitFrontMatter(await readFile(file, 'utf8'));
  if (!split.post) return { problems: split.problems };
  const { fields, body, bodyLine } = split.post;
  const problems: FileProblem[] = [...split.problems];
  const checked = checkFields(fields, relativePath, problems);
  if (body.length > MAX_BODY) {
    problems.push({ line: bodyLine, message: `the body has ${body.length} characters; at most ${MAX_BODY}` });
  }

  const media = new Map<string, Buffer>();
  let coverMediaId: string | null = null;
  let coverCdnUrl: string | null = null;
  const cover = text(fields.cover)?.trim();
  if (cover) {
    if (/^https?:\/\//i.test(cover)) {
      if (!URL.canParse(cover) || cover.length > 2000) {
        problems.push({ line: fields.cover!.line, message: `cover "${cover.slice(0, 80)}" is not a valid URL` });
      } else coverCdnUrl = cover;
    } else {
      const image = await readImage(root, file, cover);
      if ('problem' in image) problems.push({ line: fields.cover!.line, message: `cover: ${image.problem}` });
      else {
        coverMediaId = image.id;
        media.set(image.id, image.bytes);
      }
    }
  }

  const bodyMedia: ReadPost['body_media'] = [];
  const { references, unplaced } = localImageReferences(body);
  for (const line of unplaced) {
    problems.push({ line: bodyLine + line - 1, message: 'the image reference could not be read here' });
  }
  for (const reference of references) {
    const image = await readImage(root, file, reference.url);
    if ('problem' in image) {
      problems.push({ line: bodyLine + reference.line - 1, message: image.problem });
      continue;
    }
    media.set(image.id, image.bytes);
    bodyMedia.push({ start: reference.start, end: reference.end, public_id: image.id });
  }
  if (problems.length > 0) return { problems: problems.sort((a, b) => a.line - b.line) };
  return {
    post: {
      source_path: relativePath.split(path.sep).join('/'),
      ...checked,
      body,
      body_media: bodyMedia,
      cover_media_id: coverMediaId,
      cover_image_cdn_url: coverCdnUrl,
      media,
    },
    problems,
  };
}
