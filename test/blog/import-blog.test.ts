import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { buildListBlogPostsQuery, toBlogPostList } from '../../core/services/blog/list-posts.query.ts';
import { processIo, type CommandOutput } from '../../scripts/admin/command.ts';
import { importBlogCommand } from '../../scripts/admin/import-blog.ts';
import { encodePng } from '../../scripts/seed/demo-data/blog-png.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { api, getJson, type PostPublic } from './assertions.ts';
import { blogCaller } from './fixtures.ts';

interface Summary {
  dry_run: boolean;
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  scheduled: number;
  drafts: number;
  removed: Array<{ source_path: string; slug: string; locale: string; status: string }>;
  unpublished: number;
  media_imported: number;
  errors: Array<{ file: string; line: number; message: string }>;
  posts: Array<{ source_path: string; slug: string; locale: string; outcome: string; state: string }>;
}

interface PostDetail extends PostPublic {
  body: string;
  meta_description: string | null;
}

/** Runs the admin command in-process, as `npm run admin -- import-blog DIR [flags]` would, on the shared service. */
async function importBlog(
  dir: string,
  flags: Record<string, boolean> = {},
): Promise<CommandOutput & { json: Summary }> {
  const run = await importBlogCommand.prepare({ dir, ...flags }, processIo);
  return (await run(blogCaller())) as CommandOutput & { json: Summary };
}

async function getPost(slug: string, locale = 'en-US') {
  return getJson<{ data: PostDetail }>(`/v1/blog/posts/${slug}?locale=${locale}`);
}

/** The published posts of a tag as the public list shows them at `now`. */
async function listedAt(tag: string, now: Date): Promise<string[]> {
  const query = buildListBlogPostsQuery({ locale: 'en-US', tag, page: 1, per_page: 50 }, now);
  const rows = await sql<Parameters<typeof toBlogPostList>[0][number]>(query.sql, query.params);
  return toBlogPostList(rows, { base: service().config.baseUrl }).items.map((post) => post.slug);
}

const png = (red: number) => encodePng(8, 4, (x) => [red, x * 20, 90]);

describe('npm run admin -- import-blog DIR', function () {
  this.timeout(60_000);
  const suffix = randomBytes(4).toString('hex');
  const tag = `md-${suffix}`;
  const slug = (name: string) => `${name}-${suffix}`;
  let dir: string;
  let outsideDir: string;
  const write = (relative: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), content);
  };
  const remove = (relative: string) => rmSync(path.join(dir, relative));

  const article = (body: string, extra = '') => `---
title: Pricing a water heater install
slug: ${slug('pricing')}
category: Pricing
tags: [${tag}, Plumbing]
author: Dana Reyes
excerpt: What goes into the quote.
meta_description: How to price a water heater install.
published_at: 2026-01-15T09:30:00-05:00
cover: ./img/cover.png
${extra}---

${body}
`;
  const firstBody = `Intro with a photo: ![The tank](./img/tank.png "Tank").

A reference-style one: ![Again][tank]

\`\`\`markdown
![not an image](./img/in-code.png)
\`\`\`

[tank]: <./img/tank.png>`;

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'import-blog-'));
    outsideDir = mkdtempSync(path.join(tmpdir(), 'import-blog-outside-'));
    write('img/cover.png', png(10));
    write('img/tank.png', png(200));
    write('pricing.md', article(firstBody));
    write(
      `es/guía-${suffix}.md`,
      `---\ntitle: Guía rápida\nlocale: es-US\ntags: ${tag}, Consejos\npublished_at: 2026-01-10\n---\nTexto.\n`,
    );
    write('notes/draft.md', `---\ntitle: Not yet\nslug: ${slug('draft')}\ntags: [${tag}]\n---\nWork in progress.\n`);
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outsideDir, { recursive: true, force: true });
  });

  let firstUpdatedAt: string | null;

  it('creates the posts, stores the images once and rewrites their references to the media endpoint', async () => {
    const output = await importBlog(dir);
    expect(output.failed, output.text).to.equal(false);
    expect(output.json).to.include({ created: 3, updated: 0, unchanged: 0, drafts: 1, media_imported: 2 });
    expect(
      output.json.posts.map((post) => [post.source_path, post.slug, post.locale, post.state]),
    ).to.have.deep.members([
      ['pricing.md', slug('pricing'), 'en-US', 'published'],
      [`es/guía-${suffix}.md`, `guia-${suffix}`, 'es-US', 'published'],
      ['notes/draft.md', slug('draft'), 'en-US', 'draft'],
    ]);
    expect(output.text).to.contain(`created: pricing.md (${slug('pricing')}, en-US, published)`);

    const post = (await getPost(slug('pricing'))).body.data;
    expect(post).to.include({
      title: 'Pricing a water heater install',
      category: 'Pricing',
      author_name: 'Dana Reyes',
      excerpt: 'What goes into the quote.',
      meta_description: 'How to price a water heater install.',
      published_at: '2026-01-15T14:30:00.000Z',
    });
    expect(post.tags).to.deep.equal([tag, 'plumbing']);
    const base = service().config.baseUrl;
    expect(post.cover_image_url).to.match(new RegExp(`^${base}/v1/blog/media/[0-9a-f-]{36}$`));
    const urls = [...post.body.matchAll(/\/v1\/blog\/media\/([0-9a-f-]{36})/g)].map((match) => match[1]);
    expect(urls).to.have.length(2);
    expect(urls[0]).to.equal(urls[1]);
    expect(post.body).to.contain(`![The tank](${base}/v1/blog/media/${urls[0]} "Tank")`);
    expect(post.body).to.contain(`[tank]: ${base}/v1/blog/media/${urls[0]}`);
    // In a code block it is text: left as written, and no file was looked for.
    expect(post.body).to.contain('![not an image](./img/in-code.png)');

    const image = await fetch(`${base}/v1/blog/media/${urls[0]}`);
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/png');
    expect(Buffer.from(await image.arrayBuffer())).to.deep.equal(png(200));
    const cover = await fetch(post.cover_image_url!);
    expect(Buffer.from(await cover.arrayBuffer())).to.deep.equal(png(10));

    expect((await getPost(`guia-${suffix}`, 'es-US')).body.data.body).to.equal('Texto.');
    expect((await getPost(slug('draft'))).status).to.equal(404);
    firstUpdatedAt = post.updated_at;
  });

  it('changes nothing on a re-run of unchanged files, updated_at included', async () => {
    const output = await importBlog(dir);
    expect(output.json).to.include({ created: 0, updated: 0, unchanged: 3, media_imported: 0 });
    expect(output.json.removed).to.deep.equal([]);
    expect((await getPost(slug('pricing'))).body.data.updated_at).to.equal(firstUpdatedAt);
  });

  it('writes nothing on --dry-run, and reports what a run would do', async () => {
    write(
      'extra.md',
      `---\ntitle: Extra\nslug: ${slug('extra')}\ntags: [${tag}]\npublished_at: 2026-01-01\n---\nMore.\n`,
    );
    const dry = await importBlog(dir, { 'dry-run': true });
    expect(dry.json).to.include({ dry_run: true, created: 1, unchanged: 3 });
    expect(dry.text).to.match(/^Dry run, nothing written: /m);
    expect((await getPost(slug('extra'))).status).to.equal(404);
    remove('extra.md');
  });

  it('updates an edited post and its updated_at, served at once', async () => {
    write('pricing.md', article(`${firstBody}\n\nA new closing paragraph.`));
    const output = await importBlog(dir);
    expect(output.json).to.include({ created: 0, updated: 1, unchanged: 2, media_imported: 0 });
    expect(output.text).to.contain(`updated: pricing.md (${slug('pricing')}, en-US, published)`);
    const post = (await getPost(slug('pricing'))).body.data;
    expect(post.body).to.match(/A new closing paragraph\.$/);
    expect(post.updated_at).to.not.equal(firstUpdatedAt);
    expect(Date.parse(post.updated_at!)).to.be.greaterThan(Date.parse(firstUpdatedAt!));
  });

  it('schedules a post whose published_at is to come: not listed nor served until then, listed once due', async () => {
    write(
      'later.md',
      `---\ntitle: Coming soon\nslug: ${slug('later')}\ntags: [${tag}]\npublished_at: 2999-06-01T12:00:00Z\n---\nSoon.\n`,
    );
    const output = await importBlog(dir);
    expect(output.json).to.include({ created: 1, scheduled: 1 });
    expect(output.text).to.contain(`created: later.md (${slug('later')}, en-US, scheduled)`);
    expect((await getPost(slug('later'))).status).to.equal(404);
    expect(await listedAt(tag, new Date())).to.not.include(slug('later'));
    expect(await listedAt(tag, new Date('2999-06-01T12:00:00Z'))).to.include(slug('later'));
    expect(await listedAt(tag, new Date('2999-06-01T11:59:59Z'))).to.not.include(slug('later'));
  });

  it('reports a removed file without --prune, unpublishes its post with it, and republishes it when the file returns', async () => {
    const saved = article(`${firstBody}\n\nA new closing paragraph.`);
    remove('pricing.md');
    const reported = await importBlog(dir);
    expect(reported.failed).to.equal(false);
    expect(reported.json.removed.map((post) => post.source_path)).to.deep.equal(['pricing.md']);
    expect(reported.json.unpublished).to.equal(0);
    expect(reported.text).to.contain(`removed: pricing.md (${slug('pricing')}, en-US)`);
    expect((await getPost(slug('pricing'))).status).to.equal(200);

    const dry = await importBlog(dir, { prune: true, 'dry-run': true });
    expect(dry.json.unpublished).to.equal(1);
    expect(dry.text).to.contain(`removed: pricing.md (${slug('pricing')}, en-US, would unpublish)`);
    expect((await getPost(slug('pricing'))).status).to.equal(200);

    const pruned = await importBlog(dir, { prune: true });
    expect(pruned.json.unpublished).to.equal(1);
    expect(pruned.text).to.contain(`removed: pricing.md (${slug('pricing')}, en-US, unpublished)`);
    expect((await getPost(slug('pricing'))).status).to.equal(404);
    const [row] = await sql<{ status: string }>(`select status from blog_posts where slug = ?`, [slug('pricing')]);
    expect(row!.status).to.equal('draft');

    const again = await importBlog(dir, { prune: true });
    expect(again.json.removed.map((post) => post.status)).to.deep.equal(['draft']);
    expect(again.json.unpublished).to.equal(0);

    write('pricing.md', saved);
    const back = await importBlog(dir);
    expect(back.json).to.include({ updated: 1 });
    expect(back.json.removed).to.deep.equal([]);
    expect((await getPost(slug('pricing'))).status).to.equal(200);
  });

  it('reports a post whose slug changed as removed (its old slug) and creates the new one', async () => {
    write(
      'notes/draft.md',
      `---\ntitle: Not yet\nslug: ${slug('draft-two')}\ntags: [${tag}]\n---\nWork in progress.\n`,
    );
    const output = await importBlog(dir);
    expect(output.json).to.include({ created: 1 });
    expect(output.json.removed.map((post) => post.slug)).to.deep.equal([slug('draft')]);
  });

  it('refuses a post of the same slug and locale that no import owns, unless --adopt', async () => {
    const now = new Date();
    await blogCaller().blog.importPosts({
      posts: [
        {
          slug: slug('seeded'),
          locale: 'en-US',
          status: 'published',
          title: 'Seeded',
          excerpt: null,
          body: 'From the seed.',
          meta_description: null,
          category: null,
          tags: [],
          author_name: null,
          cover_image_cdn_url: null,
          cover_image: null,
          published_at: now,
          updated_at: now,
          created_at: now,
        },
      ],
    });
    write(
      'seeded.md',
      `---\ntitle: Mine now\ntags: [${tag}]\nslug: ${slug('seeded')}\npublished_at: 2026-01-01\n---\nBody.\n`,
    );
    const refused = await importBlog(dir);
    expect(refused.failed).to.equal(true);
    expect(refused.json.errors).to.have.length(1);
    expect(refused.json.errors[0]).to.include({ file: 'seeded.md', line: 4 });
    expect(refused.text).to.match(/^error: seeded\.md:4: a post "[^"]+" \(en-US\) already exists .*--adopt/m);
    expect((await getPost(slug('seeded'))).body.data.body).to.equal('From the seed.');

    const adopted = await importBlog(dir, { adopt: true });
    expect(adopted.failed).to.equal(false);
    expect(adopted.json).to.include({ updated: 1 });
    expect((await getPost(slug('seeded'))).body.data.body).to.equal('Body.');
    // Owned from now on: a plain re-run finds it unchanged.
    expect((await importBlog(dir)).json).to.include({ created: 0, updated: 0 });
  });

  it('names file:line for bad front matter, and imports the other files', async () => {
    const bad = {
      'bad/syntax.md': `---\ntitle: Broken\ntags: [a, b\nlocale: en-US\n---\nBody.\n`,
      'bad/unknown.md': `---\ntitle: Unknown key\ncatgory: Tips\n---\nBody.\n`,
      'bad/locale.md': `---\ntitle: Bad locale\nslug: ${slug('bad-locale')}\nlocale: fr-FR\n---\nBody.\n`,
      'bad/date.md': `---\ntitle: Bad date\nslug: ${slug('bad-date')}\n\npublished_at: 2026-02-30\n---\nBody.\n`,
      'bad/zone.md': `---\ntitle: No zone\nslug: ${slug('bad-zone')}\npublished_at: 2026-02-03T09:00:00\n---\nBody.\n`,
      'bad/untitled.md': `---\nslug: ${slug('untitled')}\n---\nBody.\n`,
      'bad/none.md': `# Just Markdown\n`,
      'bad/duplicate.md': `---\ntitle: Twin\nslug: ${slug('pricing')}\n---\nBody.\n`,
    };
    for (const [file, content] of Object.entries(bad)) write(file, content);
    write('good.md', `---\ntitle: Good\nslug: ${slug('good')}\ntags: [${tag}]\npublished_at: 2026-01-01\n---\nFine.\n`);
    const output = await importBlog(dir);
    expect(output.failed).to.equal(true);
    const errors = output.json.errors.map((error) => `${error.file}:${error.line}: ${error.message}`);
    expect(errors).to.have.members([
      'bad/date.md:5: published_at "2026-02-30" is not a real date',
      'bad/duplicate.md:3: slug "' + slug('pricing') + '" (en-US) is also the slug of pricing.md',
      'pricing.md:3: slug "' + slug('pricing') + '" (en-US) is also the slug of bad/duplicate.md',
      'bad/locale.md:4: locale "fr-FR" is not one of en-US, es-US',
      'bad/none.md:1: no front matter: a post starts with a line "---", its keys, and "---"',
      'bad/syntax.md:4: front matter: Flow sequence in block collection must be sufficiently indented and end with a ]',
      'bad/unknown.md:3: unknown front matter key "catgory" (did you mean "category"?)',
      'bad/untitled.md:1: the front matter has no "title"',
      'bad/zone.md:4: published_at "2026-02-03T09:00:00" has a time but no zone: add Z (UTC) or an offset such as -05:00',
    ]);
    expect(output.text).to.contain('error: bad/unknown.md:3: unknown front matter key "catgory"');
    expect(output.json).to.include({ created: 1 });
    expect((await getPost(slug('good'))).status).to.equal(200);
    // Neither twin is imported, and a file that failed is not a removed file.
    expect(output.json.removed.map((post) => post.source_path)).to.deep.equal(['notes/draft.md']);
    expect((await getPost(slug('pricing'))).body.data.title).to.equal('Pricing a water heater install');
    rmSync(path.join(dir, 'bad'), { recursive: true });
  });

  it('refuses a missing image, a path out of the directory and a symbolic link out, at their lines', async () => {
    writeFileSync(path.join(outsideDir, 'secret.png'), png(1));
    symlinkSync(path.join(outsideDir, 'secret.png'), path.join(dir, 'img', 'link.png'));
    const files = {
      'images/missing.md': `---\ntitle: Missing\nslug: ${slug('missing')}\n---\nText.\n\n![gone](../img/nope.png)\n`,
      'images/escape.md': `---\ntitle: Escape\nslug: ${slug('escape')}\n---\n![x](../../../../../../etc/passwd)\n`,
      'images/absolute.md': `---\ntitle: Absolute\nslug: ${slug('absolute')}\ncover: ${path.join(outsideDir, 'secret.png')}\n---\nText.\n`,
      'images/link.md': `---\ntitle: Link\nslug: ${slug('link')}\n---\nOne.\n\nTwo.\n\n![l][l]\n\n[l]: ../img/link.png\n`,
      'images/not-image.md': `---\ntitle: Text file\nslug: ${slug('not-image')}\ncover: ../pricing.md\n---\nText.\n`,
    };
    for (const [file, content] of Object.entries(files)) write(file, content);
    const output = await importBlog(dir);
    const errors = output.json.errors.map((error) => `${error.file}:${error.line}: ${error.message}`);
    expect(errors).to.have.members([
      'images/absolute.md:4: cover: image "' +
        path.join(outsideDir, 'secret.png') +
        '" is outside the imported directory',
      'images/escape.md:5: image "../../../../../../etc/passwd" is outside the imported directory',
      'images/link.md:11: image "../img/link.png" leads outside the imported directory (a symbolic link)',
      'images/missing.md:7: image "../img/nope.png" not found',
      'images/not-image.md:4: cover: image "../pricing.md" is not a PNG, JPEG, GIF, WebP or AVIF image',
    ]);
    for (const name of ['missing', 'escape', 'absolute', 'link', 'not-image']) {
      expect((await getPost(slug(name))).status, name).to.equal(404);
    }
    const [row] = await sql<{ n: number }>(
      `select count(*)::int as n from blog_posts where slug in (?, ?, ?, ?, ?)`,
      ['missing', 'escape', 'absolute', 'link', 'not-image'].map(slug),
    );
    expect(row!.n).to.equal(0);
    rmSync(path.join(dir, 'images'), { recursive: true });
    rmSync(path.join(dir, 'img', 'link.png'));
  });

  it('refuses a missing directory as wrong usage, before opening anything', async () => {
    let error: unknown;
    await importBlogCommand
      .prepare({ dir: path.join(dir, 'nope') }, processIo)
      .catch((caught: unknown) => (error = caught));
    expect((error as Error).name).to.equal('UsageError');
    expect((error as Error).message).to.contain('is not a directory');
  });

  it('answers its cover URLs from the configured base, like a stored cover', async () => {
    const post = (await getPost(slug('pricing'))).body.data;
    expect(post.cover_image_url!.startsWith(api('/v1/blog/media/'))).to.equal(true);
  });
});
