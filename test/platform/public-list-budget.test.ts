import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { randomClientAddress } from '../government/helpers.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';

const DIRECTORY = '/api/v1/directory/public';
const BLOG = '/api/v1/blog/posts';

/** Behind a trusted proxy the client is the right-most X-Forwarded-For entry: a fresh one per test isolates its budget. */
function as(address: string): RequestInit {
  return { headers: { 'X-Forwarded-For': address } };
}

/** The real app over the shared service's database with a public-list budget of `points` a minute, behind a trusted proxy. */
function startBudgetApp(points: number): Promise<TestApp> {
  return startAdjustedApp(service(), (config) => ({
    ...config,
    trustProxy: true,
    rateLimits: { ...config.rateLimits, publicLists: { points, windowSeconds: 60 } },
  }));
}

describe('per-client budget of the public directory and blog lists', () => {
  let app: TestApp;
  before(async () => {
    app = await startBudgetApp(4);
  });
  after(async () => {
    await app.close();
  });

  it('counts the directory and blog lists against one budget, announces it and refuses with 429 and Retry-After beyond it', async () => {
    const client = randomClientAddress();
    const paths = [`${DIRECTORY}?q=a`, `${BLOG}?q=a`, `${DIRECTORY}?per_page=1`, `${BLOG}?per_page=1`];
    const answers: JsonResponse[] = [];
    for (const path of paths) answers.push(await request(`${app.url}${path}`, as(client)));
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200]);
    answers.forEach((answer, index) => {
      expect(answer.headers.get('ratelimit-policy'), `request ${index + 1}`).to.equal('"public-list";q=4;w=60');
      expect(answer.headers.get('ratelimit'), `request ${index + 1}`).to.match(
        new RegExp(`^"public-list";r=${3 - index};t=(59|60)$`),
      );
    });

    for (const path of [`${DIRECTORY}?q=a`, `${BLOG}?q=a`]) {
      const refused = await request(`${app.url}${path}`, as(client));
      expectErrorMessage(refused, 429, 'RATE_LIMITED');
      expect((refused.body as { message: string }).message).to.contain('4 per 60 seconds');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).to.equal(
        true,
      );
      expect(refused.headers.get('ratelimit-policy')).to.equal('"public-list";q=4;w=60');
      expect(refused.headers.get('ratelimit')).to.match(/^"public-list";r=0;t=\d+$/);
      expect(refused.headers.get('etag')).to.equal(null);
    }

    // Another client has its own budget; the directory detail and filter options are not counted.
    expect((await request(`${app.url}${DIRECTORY}?per_page=1`, as(randomClientAddress()))).status).to.equal(200);
    expect((await request(`${app.url}${DIRECTORY}/filter-options`, as(client))).status).to.equal(200);
  });

  it('is configured by PUBLIC_LIST_RATE_LIMIT_PER_MINUTE (default 300 a minute), validated at start', () => {
    expect(loadConfig({}).rateLimits.publicLists).to.deep.equal({ points: 300, windowSeconds: 60 });
    expect(loadConfig({ PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: '50' }).rateLimits.publicLists).to.deep.equal({
      points: 50,
      windowSeconds: 60,
    });
    for (const value of ['0', '-1', 'many', '1.5']) {
      expect(() => loadConfig({ PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: value }), value).to.throw(
        ConfigError,
        'PUBLIC_LIST_RATE_LIMIT_PER_MINUTE',
      );
    }
  });
});
