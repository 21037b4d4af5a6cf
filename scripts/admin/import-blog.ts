import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import type { SystemCaller } from '../lib/system-caller.ts';
import { progressStream, UsageError, type AdminCommand, type CommandOutput } from './command.ts';
import type { FileProblem } from './import-blog/front-matter.ts';
import { claimedKey, readPost, type ReadPost } from './import-blog/read-post.ts';
import { failureLine } from './report-error.ts';

/** A batch is sent when it holds this many posts or this many image bytes (a larger single post goes alone). */
const BATCH_POSTS = 50;
const BATCH_BYTES = 32 * 1024 * 1024;
const BATCH_MEDIA = 400;

interface ImportError {
  file: string;
  line: number;
  message: string;
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'not_owned';
type State = 'draft' | 'scheduled' | 'published';

interface PostLine {
  source_path: string;
  slug: string;
  locale: string;
  outcome: Outcome;
  state: State;
}

interface RemovedPost {
  source_path: string;
  slug: string;
  locale: string;
  status: string;
}

interface ImportBlogOptions {
  dir: string;
  dryRun: boolean;
  prune: boolean;
  adopt: boolean;
  /** Where the progress bar is drawn; none without a terminal. */
  progress: NodeJS.WritableStream | undefined;
}

const keyOf = (post: { slug: string; locale: string }) => `${post.locale}\u0000${post.slug}`;

/**
 * The `*.md` files under `root` (a real path), relative to it, in a stable order. Hidden entries
 * (a name starting with ".") are skipped and symbolic links to folders are not followed; a
 * symbolic link to a `.md` file is read only when the file it leads to is inside `root`.
 */
async function markdownFiles(root: string): Promise<{ files: string[]; errors: ImportError[] }> {
  const files: string[] = [];
  const errors: ImportError[] = [];
  const visit = async (folder: string): Promise<void> => {
    const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) await visit(full);
      else if (!entry.name.endsWith('.md')) continue;
      else if (entry.isFile()) files.push(relative);
      else if (entry.isSymbolicLink()) {
        const target = await realpath(full).catch(() => undefined);
        const inside = target !== undefined && !path.relative(root, target).startsWith('..');
        if (inside && (await stat(target)).isFile()) files.push(relative);
        else
          errors.push({
            file: relative,
            line: 1,
            message: 'a symbolic link that leads outside the imported directory',
          });
      }
    }
  };
  await visit(root);
  return { files, errors };
}

/** What blog.upsertPosts takes of a read post (its images go beside, once each per batch). */
function toInput(post: ReadPost) {
  const { media: _media, slugLine: _slugLine, ...input } = post;
  return input;
}

class BlogImport {
  readonly errors: ImportError[] = [];
  readonly posts: PostLine[] = [];
  mediaImported = 0;
  /** (slug, locale) -> the file that has it, for every file read this run. */
  readonly keys = new Map<string, ReadPost>();
  /** Files that could not be read: their posts are not reported removed (their slug is unknown). */
  readonly failed = new Set<string>();
  /** Images this run has stored (or found stored): later batches send their id, not their bytes. */
  private readonly storedMedia = new Set<string>();
  private batch: ReadPost[] = [];
  private batchBytes = 0;
  private batchMedia = 0;

  constructor(
    private readonly caller: SystemCaller,
    private readonly options: ImportBlogOptions,
  ) {}

  fail(file: string, problems: FileProblem[]): void {
    this.failed.add(file);
    for (const problem of problems) this.errors.push({ file, ...problem });
  }

  async add(post: ReadPost): Promise<void> {
    const other = this.keys.get(keyOf(post));
    if (other) {
      this.fail(post.source_path, [
        {
          line: post.slugLine,
          message: `slug "${post.slug}" (${post.locale}) is also the slug of ${other.source_path}`,
        },
      ]);
      return;
    }
    this.keys.set(keyOf(post), post);
    const bytes = [...post.media.values()].reduce((sum, item) => sum + item.length, 0);
    if (
      this.batch.length > 0 &&
      (this.batch.length >= BATCH_POSTS ||
        this.batchBytes + bytes > BATCH_BYTES ||
        this.batchMedia + post.media.size > BATCH_MEDIA)
    ) {
      await this.flush();
    }
    this.batch.push(post);
    this.batchBytes += bytes;
    this.batchMedia += post.media.size;
  }

  /** Sends the batch; when it fails as a whole, each post alone, so one bad post never sinks the others. */
  async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    this.batchMedia = 0;
    if (batch.length === 0) return;
    try {
      await this.send(batch);
    } catch (error) {
      if (batch.length === 1) {
        this.fail(batch[0]!.source_path, [{ line: 1, message: failureLine(error).replace(/^error: /, '') }]);
        return;
      }
      for (const post of batch) await this.flushOne(post);
    }
  }

  private async flushOne(post: ReadPost): Promise<void> {
    try {
      await this.send([post]);
    } catch (error) {
      this.fail(post.source_path, [{ line: 1, message: failureLine(error).replace(/^error: /, '') }]);
    }
  }

  private async send(batch: ReadPost[]): Promise<void> {
    // An image stored by an earlier batch of this run is referenced by id alone (a dry run stores nothing).
    const media = new Map<string, Buffer>();
    for (const post of batch) {
      for (const [id, bytes] of post.media) if (!this.storedMedia.has(id)) media.set(id, bytes);
    }
    const result = await this.caller.blog.upsertPosts({
      posts: batch.map(toInput),
      media: [...media].map(([public_id, bytes]) => ({ public_id, bytes })),
      adopt: this.options.adopt,
      dry_run: this.options.dryRun,
    });
    this.mediaImported += result.media_inserted;
    if (!this.options.dryRun) for (const id of media.keys()) this.storedMedia.add(id);
    for (const item of result.items) {
      if (item.outcome === 'not_owned') {
        const post = this.keys.get(keyOf(item));
        this.fail(item.source_path, [
          {
            line: post?.slugLine ?? 1,
            message:
              `a post "${item.slug}" (${item.locale}) already exists and was not imported from Markdown ` +
              `(the demo seed or another source): change the slug, or run with --adopt to take it over`,
          },
        ]);
      }
      this.posts.push(item);
    }
  }

  /** The posts an import owns whose file was not read this run (and did not fail). */
  async removed(): Promise<RemovedPost[]> {
    const removed: RemovedPost[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<SystemCaller['blog']['listImportedPosts']>> =
        await this.caller.blog.listImportedPosts({ after, limit: 1000 });
      for (const item of page.items) {
        if (!this.keys.has(keyOf(item)) && !this.failed.has(item.source_path)) removed.push(item);
      }
      after = page.next;
    } while (after !== null);
    return removed;
  }

  async unpublish(removed: RemovedPost[]): Promise<number> {
    const live = removed.filter((post) => post.status !== 'draft');
    let unpublished = 0;
    for (let start = 0; start < live.length; start += 1000) {
      const chunk = live.slice(start, start + 1000).map(({ slug, locale, source_path }) => ({
        slug,
        locale: locale as 'en-US' | 'es-US',
        source_path,
      }));
      unpublished += (await this.caller.blog.unpublishImportedPosts({ posts: chunk })).unpublished.length;
    }
    return unpublished;
  }
}

/** Imports a directory of Markdown posts (see docs/blog-from-markdown.md). */
async function importBlog(caller: SystemCaller, options: ImportBlogOptions): Promise<CommandOutput> {
  const root = await realpath(options.dir);
  const run = new BlogImport(caller, options);
  const listed = await markdownFiles(root);
  for (const error of listed.errors) run.fail(error.file, [error]);
  // Two files claiming one post: neither is imported (which one is right is the author's call).
  const claims = new Map<string, Array<{ file: string; line: number }>>();
  for (const file of listed.files) {
    const claim = await claimedKey(root, file).catch(() => undefined);
    if (!claim) continue;
    const key = keyOf(claim);
    claims.set(key, [...(claims.get(key) ?? []), { file, line: claim.line }]);
  }
  const contested = new Map<string, string>();
  for (const [key, files] of claims) {
    if (files.length < 2) continue;
    const [locale, slug] = key.split('\u0000');
    for (const { file, line } of files) {
      const others = files.filter((other) => other.file !== file).map((other) => other.file);
      contested.set(file, key);
      run.fail(file, [{ line, message: `slug "${slug}" (${locale}) is also the slug of ${others.join(', ')}` }]);
    }
  }
  const bar = options.progress ? new SingleBar({ stream: options.progress }, Presets.shades_classic) : undefined;
  bar?.start(listed.files.length, 0);
  for (const file of listed.files) {
    if (contested.has(file)) continue;
    const read = await readPost(root, file).catch((error: unknown) => ({
      post: undefined,
      problems: [{ line: 1, message: `could not be read: ${(error as Error).message}` }],
    }));
    if (read.post) await run.add(read.post);
    else run.fail(file, read.problems);
    bar?.increment();
  }
  await run.flush();
  bar?.stop();

  const removed = await run.removed();
  const live = removed.filter((post) => post.status !== 'draft').length;
  const unpublished = options.prune ? (options.dryRun ? live : await run.unpublish(removed)) : 0;
  const count = (outcome: Outcome) => run.posts.filter((post) => post.outcome === outcome).length;
  const summary = {
    dry_run: options.dryRun,
    files: listed.files.length + listed.errors.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    scheduled: run.posts.filter((post) => post.outcome !== 'not_owned' && post.state === 'scheduled').length,
    drafts: run.posts.filter((post) => post.outcome !== 'not_owned' && post.state === 'draft').length,
    removed: removed.length,
    unpublished,
    media_imported: run.mediaImported,
    errors: run.errors.length,
  };

  const lines: string[] = [];
  for (const error of run.errors) lines.push(`error: ${error.file}:${error.line}: ${error.message}`);
  for (const post of run.posts) {
    if (post.outcome === 'created' || post.outcome === 'updated') {
      lines.push(`${post.outcome}: ${post.source_path} (${post.slug}, ${post.locale}, ${post.state})`);
    }
  }
  for (const post of removed) {
    const fate =
      options.prune && post.status !== 'draft' ? (options.dryRun ? ', would unpublish' : ', unpublished') : '';
    lines.push(`removed: ${post.source_path} (${post.slug}, ${post.locale}${fate})`);
  }
  if (removed.length > 0 && !options.prune)
    lines.push('Removed files\u2019 posts stay as they are; --prune unpublishes them.');
  lines.push(
    `${options.dryRun ? 'Dry run, nothing written: ' : ''}${summary.files} files: ${summary.created} created, ` +
      `${summary.updated} updated, ${summary.unchanged} unchanged (${summary.scheduled} scheduled, ` +
      `${summary.drafts} drafts), ${summary.removed} removed, ${summary.unpublished} unpublished, ` +
      `${summary.media_imported} images imported, ${summary.errors} errors.`,
  );
  return {
    json: { ...summary, errors: run.errors, removed: removed, posts: run.posts },
    text: lines.join('\n'),
    failed: run.errors.length > 0,
  };
}

export const importBlogCommand: AdminCommand = {
  name: 'import-blog',
  summary: 'Publish the Markdown posts of a directory (*.md with front matter): create, update, schedule, prune.',
  help: `<dir> [--dry-run] [--prune] [--adopt]

  <dir>       the directory of posts; every *.md under it (hidden entries skipped), images beside them
  --dry-run   report what would change; write nothing
  --prune     unpublish (set to draft) the posts whose file is gone; without it they are only reported
  --adopt     take over a post of the same slug and locale that no import owns (the demo seed's)

  Idempotent: an unchanged file changes nothing; an edited one updates its post and updated_at.
  A file's errors name file:line; the other files are imported and the exit status is 1.
  The format: docs/blog-from-markdown.md.`,
  options: {
    'dry-run': { type: 'boolean' },
    prune: { type: 'boolean' },
    adopt: { type: 'boolean' },
  },
  positional: 'dir',
  async prepare(values, io) {
    const dir = typeof values.dir === 'string' ? values.dir : undefined;
    if (dir === undefined) throw new UsageError('the directory of posts is required: import-blog <dir>.');
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) throw new UsageError(`"${dir}" is not a directory.`);
    const options: ImportBlogOptions = {
      dir,
      dryRun: values['dry-run'] === true,
      prune: values.prune === true,
      adopt: values.adopt === true,
      progress: progressStream(io, values),
    };
    return (caller) => importBlog(caller, options);
  },
};
