import { expect } from 'chai';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { NUMBER_WORDS } from '../../core/services/agent/text-router/lexicon-words.ts';
import { routeText, type RoutedMessage } from '../../core/services/agent/text-router/route-text.ts';
import { routerVocabulary } from '../../core/services/agent/vocabulary.ts';
import { buildSkillTable } from '../../adapters/a2a/skills.ts';
import { buildFixture, insertFixture, removeFixture, type Fixture } from '../directory/fixtures.ts';
import { service } from '../helpers/root-hooks.ts';
import { serviceContext } from '../helpers/workspace.ts';
import { DEMO_VOCABULARY } from './vocabulary-fixture.ts';

/** A phrasing and what the router must answer: a skill with exactly these arguments, or a `needs` matching every pattern. */
type Case = [text: string, expected: Extract<RoutedMessage, { skill: string }> | RegExp[]];

const biz = (args: Record<string, unknown>) => ({ skill: 'find-businesses', arguments: args }) as const;
const gov = (args: Record<string, unknown>) => ({ skill: 'find-government-opportunities', arguments: args }) as const;
const blog = (args: Record<string, unknown>) =>
  ({ skill: 'find-blog-posts', arguments: { locale: 'en-US', ...args } }) as const;
const read = (slug: string, locale: 'en-US' | 'es-US' = 'en-US') =>
  ({ skill: 'read-blog-post', arguments: { slug, locale } }) as const;
const paid = { skill: 'explain-paid-reference', arguments: {} } as const;

const CASES: Case[] = [
  // find-businesses
  ['Find plumbers in Austin', biz({ industry: 'plumbing', metro: 'austin' })],
  ['HVAC companies in 78701 rated 4 stars or better', biz({ industry: 'hvac', zip: '78701', min_rating: 4 })],
  [
    'electricians in Dallas, TX with at least 50 reviews',
    biz({ industry: 'electrical', metro: 'dallas-fort-worth', min_reviews: 50 }),
  ],
  [
    'Pest control companies in Tampa Bay with 4+ stars',
    biz({ industry: 'pest-control', metro: 'tampa-bay', min_rating: 4 }),
  ],
  ['exterminators in 33602', biz({ industry: 'pest-control', zip: '33602' })],
  ['landscapers in Phoenix, AZ rated 4.5+', biz({ industry: 'landscaping', metro: 'phoenix', min_rating: 4.5 })],
  ['cleaning services in Seattle at least 4.5', biz({ industry: 'cleaning', metro: 'seattle', min_rating: 4.5 })],
  ['four-star painters in Nashville', biz({ industry: 'painting', metro: 'nashville', min_rating: 4 })],
  ['Roofing contractors in Dallas-Fort Worth', biz({ industry: 'roofing', metro: 'dallas-fort-worth' })],
  ['Looking for an AC repair company near 85004', biz({ industry: 'hvac', zip: '85004', q: 'repair' })],
  ['businesses in Austin with at least 10 reviews', biz({ metro: 'austin', min_reviews: 10 })],
  ['hvac in Austin', biz({ industry: 'hvac', metro: 'austin' })],
  ['Plomeros en Houston con al menos 4 estrellas', biz({ industry: 'plumbing', metro: 'houston', min_rating: 4 })],
  ['electricistas en Chicago', biz({ industry: 'electrical', metro: 'chicago' })],
  ['pintores en Denver con por lo menos 4 estrellas', biz({ industry: 'painting', metro: 'denver', min_rating: 4 })],
  // find-government-opportunities
  ['Open government contracts for janitorial work in Texas', gov({ category: 'janitorial', state: 'TX' })],
  ['Opportunities with NAICS 238220', gov({ naics: '238220' })],
  ['federal HVAC solicitations in California', gov({ category: 'hvac', state: 'CA' })],
  ['8(a) contracts for painting', gov({ category: 'painting', set_aside: '8A' })],
  ['HUBZone set-aside opportunities', gov({ set_aside: 'HZC' })],
  ['women-owned small business contracts in New York', gov({ state: 'NY', set_aside: 'WOSB' })],
  ['SDVOSB opportunities in Florida', gov({ state: 'FL', set_aside: 'SDVOSBC' })],
  ['RFPs for landscaping in GA', gov({ category: 'landscaping', state: 'GA' })],
  ['bids for elevator maintenance in OR', gov({ category: 'elevator', state: 'OR', keyword: 'maintenance' })],
  ['federal roofing bids in CO', gov({ category: 'roofing', state: 'CO' })],
  ['contracts in construction', gov({ keyword: 'construction' })],
  ['government solicitations naics 5617 about snow removal', gov({ naics: '5617', keyword: 'snow removal' })],
  ['Contratos federales de limpieza en Florida', gov({ category: 'janitorial', state: 'FL' })],
  ['government opportunities', gov({})],
  // find-blog-posts
  ['Blog posts about pricing', blog({ q: 'pricing' })],
  ['Show me articles tagged maintenance', blog({ tag: 'maintenance' })],
  ['blog posts about government contracts', blog({ q: 'government contracts' })],
  ['guides for plumbers', blog({ q: 'plumbers' })],
  ['posts in the category Business Growth', blog({ category: 'Business Growth' })],
  ['blog posts in Spanish about invoicing', blog({ locale: 'es-US', q: 'invoicing' })],
  ['posts about hvac maintenance in english', blog({ q: 'hvac maintenance' })],
  ['read blog posts about pricing', blog({ q: 'pricing' })],
  ['latest blog posts', blog({})],
  ['Artículos sobre facturación', blog({ locale: 'es-US', q: 'facturación' })],
  ['artículos de la categoría Facturación y pagos', blog({ locale: 'es-US', category: 'Facturación y pagos' })],
  // read-blog-post
  ['Read the blog post how-to-price-hvac-jobs', read('how-to-price-hvac-jobs')],
  ['open https://example.com/api/v1/blog/posts/how-to-price-hvac-jobs?locale=en-US', read('how-to-price-hvac-jobs')],
  ['lee el artículo como-fijar-precios-de-trabajos', read('como-fijar-precios-de-trabajos', 'es-US')],
  ['route-optimization-for-small-hvac-teams', read('route-optimization-for-small-hvac-teams')],
  // explain-paid-reference
  ['How much does the paid reference cost?', paid],
  ['What does the paid reference include?', paid],
  ['Can I pay with x402?', paid],
  ['¿Cuánto cuesta la referencia de pago?', paid],
  // needs: ambiguous, missing, out of range, unknown place
  ['government contractors in Texas', [/find-government-opportunities/, /find-businesses/]],
  ['buy plumbing contracts', [/explain-paid-reference/, /find-government-opportunities/]],
  ['hola', [/could not tell which skill/, /find-businesses/, /data part/]],
  ['', [/could not tell which skill/]],
  ['   ', [/could not tell which skill/]],
  ['read the post', [/read-blog-post needs the post's slug/]],
  ['find businesses', [/find-businesses needs at least one of industry/, /austin/]],
  ['plumbers near me', [/metro area or ZIP code/, /near me/]],
  ['plumbers in Boston', [/"Boston" is not one it knows/, /austin/]],
  ['plumbers in Texas', [/find-businesses filters by metro area or ZIP code/, /Texas/]],
  ['find me a plumber in Austin, Ohio', [/not in "Ohio"/]],
  ['contracts in Austin', [/filters by US state, not by metro area/]],
  ['contracts in Boston', [/"Boston" is not one I know/, /state/]],
  ['roofing bids in co', [/"co"/, /state/]],
  ['plumbers and electricians in Austin', [/takes one industry/]],
  ['rated 7 stars plumbers in Austin', [/min_rating is a rating from 0 to 5/]],
  ['government contracts not in Texas', [/cannot express an exclusion/]],
  ['small business plumbers in Austin', [/find-businesses does not take set_aside/]],
  ['blog posts in the category Gardening', [/no en-US blog category/, /Business Growth/]],
  ['paid reference for plumbers in 78701', [/explain-paid-reference does not take zip/]],
];

function check(text: string, expected: Case[1], actual: RoutedMessage): void {
  if (Array.isArray(expected)) {
    expect(actual, `${text} -> ${JSON.stringify(actual)}`).to.have.all.keys('needs');
    for (const pattern of expected) expect((actual as { needs: string }).needs).to.match(pattern);
  } else {
    expect(actual, text).to.deep.equal(expected);
  }
}

const SKILLS = buildSkillTable(listProcedures(appRouter));

describe('text router: phrasings -> skill and arguments, or needs', () => {
  it(`has at least 30 phrasings, ${CASES.filter(([, e]) => Array.isArray(e)).length} of them needs`, () => {
    expect(CASES.length).to.be.at.least(30);
  });

  for (const [text, expected] of CASES) {
    it(JSON.stringify(text), () => {
      const routed = routeText(text, DEMO_VOCABULARY);
      check(text, expected, routed);
      // Every skill answer is one its procedure's strict input accepts.
      if ('skill' in routed)
        expect(SKILLS.find(routed.skill)!.input.safeParse(routed.arguments).success).to.equal(true);
    });
  }

  it('is deterministic and leaves its vocabulary untouched', () => {
    const before = JSON.stringify(DEMO_VOCABULARY);
    for (const [text] of CASES) {
      expect(routeText(text, DEMO_VOCABULARY)).to.deep.equal(routeText(text, DEMO_VOCABULARY));
    }
    expect(JSON.stringify(DEMO_VOCABULARY)).to.equal(before);
  });

  it('without a vocabulary, trade words are search words and places unknown', () => {
    const empty = { industries: [], metros: [], governmentCategories: [], blogCategories: [] };
    expect(routeText('janitorial contracts in Texas', empty)).to.deep.equal(
      gov({ state: 'TX', keyword: 'janitorial' }),
    );
    expect(routeText('plumbers in Austin', empty)).to.have.all.keys('needs');
  });

  it('routes every phrasing alike however it is spaced (tabs, line breaks, runs, no-break spaces)', () => {
    const spacings = ['  ', '\t', '\n', ' \u00a0 ', '\r\n  '];
    CASES.forEach(([text, expected], index) => {
      const spaced = text.replace(/ /g, () => spacings[index++ % spacings.length]!);
      check(spaced, expected, routeText(spaced, DEMO_VOCABULARY));
    });
  });

  it('reads every number word of NUMBER_WORDS as a rating (the patterns spell them out)', () => {
    for (const [word, value] of Object.entries(NUMBER_WORDS)) {
      expect(routeText(`plumbers in Austin rated ${word} stars`, DEMO_VOCABULARY), word).to.deep.equal(
        biz({ industry: 'plumbing', metro: 'austin', min_rating: value }),
      );
    }
  });

  it('routes the longest message (2,000 characters of one request repeated) like the request', () => {
    const text = 'plumbers in Austin '.repeat(105).slice(0, 2000);
    const routed = routeText(text, DEMO_VOCABULARY);
    expect(routed).to.deep.equal(biz({ industry: 'plumbing', metro: 'austin' }));
  });
});

describe('the text router over the database (as the A2A service runs it)', () => {
  let f: Fixture;
  const route = async (text: string) => {
    const running = service();
    const context = serviceContext();
    return routeText(
      text,
      await routerVocabulary(running.services.caches.routerVocabulary, context.sql, context.clock.now()),
    );
  };

  before(async () => {
    f = buildFixture();
    await insertFixture(f);
    service().services.caches.routerVocabulary.invalidate();
  });
  after(async () => {
    await removeFixture(f);
    service().services.caches.routerVocabulary.invalidate();
  });

  it("routes with the database's vocabulary: the fixture's industry and metro keys", async () => {
    const routed = await route(`${f.plumbing} companies in ${f.metroA} rated 4+`);
    expect(routed).to.deep.equal(biz({ industry: f.plumbing, metro: f.metroA, min_rating: 4 }));
  });

  it('routes a government request and a paid-reference question', async () => {
    expect(await route('federal contracts in Texas with NAICS 238220')).to.deep.equal(
      gov({ state: 'TX', naics: '238220' }),
    );
    expect(await route('How do I buy the paid reference?')).to.deep.equal(paid);
  });

  it('answers needs rather than guessing', async () => {
    const routed = await route('plumbers in Atlantis');
    expect(routed).to.have.all.keys('needs');
  });
});
