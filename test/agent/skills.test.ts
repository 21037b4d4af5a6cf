import { expect } from 'chai';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import { callProcedure, listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { ROUTABLE_SKILLS } from '../../core/services/agent/text-router/lexicon-cues.ts';
import { routeText } from '../../core/services/agent/text-router/route-text.ts';
import type { SkillMeta } from '../../core/procedures/meta.ts';
import { serviceContext } from '../helpers/workspace.ts';
import { DEMO_VOCABULARY } from './vocabulary-fixture.ts';

type SkillProcedure = ProcedureEntry & { meta: { skill: SkillMeta } };

const allSkillProcedures = () =>
  listProcedures(appRouter).filter((entry): entry is SkillProcedure => entry.meta?.skill !== undefined);

/** The skills free text is routed to; list-events (the caller's business events) is called with a data part only. */
const skillProcedures = () =>
  allSkillProcedures().filter((entry) => (ROUTABLE_SKILLS as readonly string[]).includes(entry.meta.skill.id));

describe('A2A skills (the procedures with skill meta)', () => {
  it('are exactly the five skills the text router chooses from, once each, and list-events (data parts only)', () => {
    const ids = allSkillProcedures().map((entry) => entry.meta.skill.id);
    expect(ids).to.have.members([...ROUTABLE_SKILLS, 'list-events']);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(Object.fromEntries(allSkillProcedures().map((entry) => [entry.meta.skill.id, entry.path]))).to.deep.equal({
      'list-events': 'events.listEvents',
      'find-businesses': 'directory.listListings',
      'find-government-opportunities': 'government.listOpportunities',
      'find-blog-posts': 'blog.listPosts',
      'read-blog-post': 'blog.getPost',
      'explain-paid-reference': 'agent.describePaidReference',
    });
  });

  it('are REST queries (no tool meta), with a name, a description, tags and 2 to 4 examples', () => {
    for (const entry of allSkillProcedures()) {
      const skill = entry.meta.skill;
      expect(entry.type, skill.id).to.equal('query');
      expect(entry.meta.openapi?.method, skill.id).to.equal('GET');
      expect(entry.meta.tool, skill.id).to.equal(undefined);
      expect(skill.id).to.match(/^[a-z]+(?:-[a-z]+)*$/);
      expect(skill.name).to.be.a('string').and.not.empty;
      expect(skill.description.length, skill.id).to.be.within(100, 1000);
      expect(skill.tags, skill.id).to.not.be.empty;
      expect(skill.examples.length, skill.id).to.be.within(2, 4);
    }
  });

  it("name each argument that matters by the procedure's own input name", () => {
    const argumentsOf: Record<string, string[]> = {
      'find-businesses': ['industry', 'metro', 'zip', 'min_rating', 'min_reviews', 'q'],
      'find-government-opportunities': ['keyword', 'state', 'naics', 'category', 'set_aside'],
      'find-blog-posts': ['q', 'category', 'tag', 'locale'],
      'read-blog-post': ['slug', 'locale'],
    };
    for (const entry of skillProcedures()) {
      const names = argumentsOf[entry.meta.skill.id] ?? [];
      const shape = (entry.inputParser as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const name of names) {
        expect(entry.meta.skill.description, `${entry.meta.skill.id} ${name}`).to.contain(`\`${name}\``);
        expect(shape, `${entry.path} takes ${name}`).to.have.property(name);
      }
    }
  });

  it("route each example to its own skill, with arguments the skill's procedure accepts (the card's examples are true)", () => {
    for (const entry of skillProcedures()) {
      for (const example of entry.meta.skill.examples) {
        const routed = routeText(example, DEMO_VOCABULARY);
        expect(routed, example).to.have.property('skill', entry.meta.skill.id);
        const args = (routed as { arguments: unknown }).arguments;
        const parsed = entry.inputParser ? entry.inputParser.safeParse(args) : { success: true };
        expect(parsed.success, `${example}: ${JSON.stringify(args)}`).to.equal(true);
      }
    }
  });

  it('summarize what their procedure answered for each example, over the database', async () => {
    for (const entry of skillProcedures()) {
      for (const example of entry.meta.skill.examples) {
        const routed = routeText(example, DEMO_VOCABULARY) as { arguments: Record<string, unknown> };
        const input = entry.inputParser ? entry.inputParser.parse(routed.arguments) : undefined;
        const ctx = serviceContext();
        // The test databases hold no demo data: the lists may answer empty (summarised as such) and the posts 404;
        // the summaries of non-empty answers are pinned below.
        const output = await callProcedure({
          router: appRouter,
          path: entry.path,
          type: 'query',
          input: routed.arguments,
          ctx,
        }).catch((error: { code?: string }) => {
          expect(error.code, example).to.equal('NOT_FOUND');
          return undefined;
        });
        if (output === undefined) continue;
        const summary = entry.meta.skill.summarize(output, input);
        expect(summary, example).to.be.a('string').and.have.length.within(10, 1000);
        expect(summary, example).not.to.match(/undefined|\[object Object\]|NaN/);
      }
    }
  });
});

describe('skill summaries', () => {
  const skill = (id: string) => skillProcedures().find((entry) => entry.meta.skill.id === id)!.meta.skill;
  const listing = (name: string) => ({ name });

  it('find-businesses: the total, the first three names and the filters applied', () => {
    const summary = skill('find-businesses').summarize(
      {
        data: ['A', 'B', 'C', 'D'].map(listing),
        meta: { current_page: 1, last_page: 2, per_page: 4, total: 7, total_is_estimate: false },
        links: {},
      },
      { industry: 'plumbing', metro: 'austin', q: '', page: 1, per_page: 4 },
    );
    expect(summary).to.equal(
      'Found 7 businesses (industry plumbing, metro austin): "A", "B", "C" and 4 more. This is page 1 of 2.',
    );
    expect(
      skill('find-businesses').summarize(
        { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, total_is_estimate: false } },
        {},
      ),
    ).to.equal('No published business matches (no filters).');
  });

  it('find-government-opportunities: the page count, whether more follow, the first titles', () => {
    const summary = skill('find-government-opportunities').summarize(
      { data: [{ title: 'Janitorial services' }], meta: { current_page: 1, per_page: 20, has_more: false } },
      { state: 'TX', category: 'janitorial' },
    );
    expect(summary).to.equal('1 open opportunity on page 1 (state TX, category janitorial): "Janitorial services".');
    const more = skill('find-government-opportunities').summarize(
      { data: [{ title: 'A' }, { title: 'B' }], meta: { current_page: 2, per_page: 2, has_more: true } },
      {},
    );
    expect(more).to.equal(
      '2 open opportunities on page 2 (no filters); more on the next page (links.next): "A" and "B".',
    );
  });

  it('find-blog-posts and read-blog-post: titles, the slug to read, the excerpt', () => {
    const list = skill('find-blog-posts').summarize(
      {
        data: [{ title: 'Pricing 101', slug: 'pricing-101' }],
        meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, total_is_estimate: false },
      },
      { q: 'pricing', locale: 'en-US' },
    );
    expect(list).to.equal(
      'Found 1 post (q pricing, locale en-US): "Pricing 101". Read one with read-blog-post (slug pricing-101).',
    );
    const post = skill('read-blog-post').summarize(
      {
        data: {
          title: 'Pricing 101',
          locale: 'en-US',
          category: 'Business Growth',
          published_at: '2026-01-02T03:04:05.000Z',
          excerpt: 'How to price.',
        },
      },
      { slug: 'pricing-101', locale: 'en-US' },
    );
    expect(post).to.equal('"Pricing 101" (en-US, Business Growth, 2026-01-02). How to price.');
  });
});
