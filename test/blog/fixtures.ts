import { randomBytes } from 'node:crypto';
import { createLogger } from '../../core/logger.ts';
import type { NewBlogPost } from '../../core/services/blog/new-blog-post.ts';
import { renderBlogCover } from '../../scripts/seed/demo-data/blog-cover.ts';
import { SeededRandom } from '../../scripts/seed/demo-data/random.ts';
import { systemCaller, type SystemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

export function blogCaller(): SystemCaller {
  const running = service();
  return systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
}

const MINUTE = 60_000;

/**
 * One run's blog fixtures. Every slug, category, tag and search word carries a random suffix, so
 * the assertions hold whatever else the database holds (demo data, other runs on a persistent
 * PostgreSQL) and a second run never collides with the first.
 */
class BlogFixtures {
  readonly suffix = randomBytes(4).toString('hex').replace(/^\d/, 'k');
  /** A word no real text contains; both stemmers leave it alone. */
  readonly word = `zq${this.suffix}`;
  readonly mainCategory = `Fixture ${this.suffix} Main`;
  readonly asideCategory = `Fixture ${this.suffix} Aside`;
  readonly esAlphaCategory = `Fixture ${this.suffix} Alpha`;
  readonly esBetaCategory = `Fixture ${this.suffix} Beta`;
  readonly tag = `fx-${this.suffix}`;
  readonly started = new Date();
  readonly posts: NewBlogPost[];
  readonly mediaIds: string[] = [];

  constructor() {
    const at = (minutesAgo: number) => new Date(this.started.getTime() - minutesAgo * MINUTE);
    const media = () => {
      const random = new SeededRandom(this.started.getTime() + this.mediaIds.length);
      const item = { public_id: random.uuid(), mime_type: 'image/png', bytes: renderBlogCover(random, 64, 36) };
      this.mediaIds.push(item.public_id);
      return item;
    };
    const base = (name: string, over: Partial<NewBlogPost>): NewBlogPost => ({
      slug: this.slug(name),
      locale: 'en-US',
      status: 'published',
      title: `Fixture ${name}`,
      excerpt: `Excerpt of ${name}.`,
      body: `Body of ${name}. Nothing else to say here.`,
      meta_description: `Meta of ${name}.`,
      category: this.mainCategory,
      tags: [],
      author_name: 'Test Author',
      cover_image_cdn_url: null,
      cover_image: null,
      published_at: at(10),
      updated_at: at(10),
      created_at: at(60),
      ...over,
    });
    const cdn = (name: string) => `https://cdn.example.test/covers/${this.suffix}/${name}.jpg`;
    this.posts = [
      // Title match (weight A), older than bravo: ranking must put it first anyway.
      base('alpha', {
        title: `${this.word} tips for invoicing plumbers`,
        tags: [this.tag, 'Mixed-Case'],
        cover_image: media(),
        published_at: at(2),
        updated_at: at(1),
      }),
      // Body match only (weight C), the newest.
      base('bravo', {
        body: `A long story that mentions ${this.word} once, about dispatch boards.`,
        tags: [this.tag],
        cover_image_cdn_url: cdn('bravo'),
        excerpt: null,
        author_name: null,
        meta_description: null,
        published_at: at(1),
        updated_at: at(1),
      }),
      // charlie and delta share published_at: the later insert (higher id) comes first.
      base('charlie', {
        cover_image_cdn_url: cdn('charlie'),
        cover_image: media(),
        published_at: at(3),
        updated_at: at(3),
      }),
      base('delta', { category: this.asideCategory, published_at: at(3), updated_at: at(3) }),
      // Not public: a draft, a scheduled post, and a "published" post whose time has not come.
      base('draft', { status: 'draft', title: `${this.word} draft`, tags: [this.tag], published_at: null }),
      base('scheduled', {
        status: 'scheduled',
        title: `${this.word} scheduled`,
        tags: [this.tag],
        published_at: at(-60 * 24),
      }),
      base('embargoed', {
        title: `${this.word} embargoed`,
        tags: [this.tag],
        published_at: at(-60 * 24),
        updated_at: at(5),
      }),
      // es-US: the same slug as alpha in the other locale, and a post only in es-US.
      base('alpha', {
        locale: 'es-US',
        title: `${this.word} consejos de facturación para plomeros`,
        body: `Las facturas claras evitan disputas.`,
        category: this.esBetaCategory,
        tags: [this.tag],
        published_at: at(2),
        updated_at: at(2),
      }),
      base('solo-es', {
        locale: 'es-US',
        title: 'Solo en español',
        category: this.esAlphaCategory,
        published_at: at(4),
        updated_at: at(4),
      }),
    ];
  }

  slug(name: string): string {
    return `fx-${this.suffix}-${name}`;
  }

  async insert(): Promise<void> {
    await blogCaller().blog.importPosts({ posts: this.posts });
  }

  async remove(): Promise<void> {
    await sql(`delete from blog_posts where slug like ?`, [`fx-${this.suffix}-%`]);
    if (this.mediaIds.length > 0) {
      await sql(
        `delete from blog_media where public_id in (${this.mediaIds.map(() => '?::uuid').join(', ')})`,
        this.mediaIds,
      );
    }
  }
}

/** Registers before/after hooks that insert and remove a fresh fixture set; returns it. */
export function useBlogFixtures(): BlogFixtures {
  const fixtures = new BlogFixtures();
  before(async () => {
    await fixtures.insert();
  });
  after(async () => {
    await fixtures.remove();
  });
  return fixtures;
}
