import { expect } from 'chai';
import { createCoreServices } from '../../orm/core-services.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { governmentCaller, governmentFixture } from './fixture.ts';
import {
  LIST,
  getFrom,
  randomClientAddress,
  randomLoopbackAddress,
  startGovernmentApp,
  type GovernmentApp,
} from './helpers.ts';

const PATHS = [
  `${LIST}?per_page=1`,
  `${LIST}/filter-options`,
  `${LIST}/sitemap?per_page=1`,
  `${LIST}/no-such-opportunity`,
];

/** Behind a trusted proxy the client is the right-most X-Forwarded-For entry: a fresh one per test isolates its budget. */
function as(address: string): RequestInit {
  return { headers: { 'X-Forwarded-For': address } };
}

describe('rate limit of the government opportunity endpoints', () => {
  const apps: GovernmentApp[] = [];
  const start = async (...args: Parameters<typeof startGovernmentApp>) => {
    const app = await startGovernmentApp(...args);
    apps.push(app);
    return app;
  };

  before(async () => {
    await governmentFixture();
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('counts every endpoint of the group against one budget, announces it on every answer and refuses with 429 beyond it', async () => {
    const app = await start({ points: 5, trustProxy: true });
    const client = randomClientAddress();
    const answers: JsonResponse[] = [];
    for (const path of [...PATHS, PATHS[0]!]) answers.push(await request(`${app.url}${path}`, as(client)));
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 404, 200]);
    answers.forEach((answer, index) => {
      expect(answer.headers.get('ratelimit-policy'), `request ${index + 1}`).to.equal('"gov";q=5;w=60');
      expect(answer.headers.get('ratelimit'), `request ${index + 1}`).to.match(
        new RegExp(`^"gov";r=${4 - index};t=(59|60)$`),
      );
    });
    expect(answers[0]!.headers.get('ratelimit')).to.equal('"gov";r=4;t=60');

    for (const path of PATHS) {
      const refused = await request(`${app.url}${path}`, as(client));
      expectErrorMessage(refused, 429, 'RATE_LIMITED');
      expect((refused.body as { message: string }).message).to.contain('5 per 60 seconds');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).to.equal(
        true,
      );
      expect(refused.headers.get('ratelimit-policy')).to.equal('"gov";q=5;w=60');
      expect(refused.headers.get('ratelimit')).to.match(/^"gov";r=0;t=\d+$/);
      expect(refused.headers.get('etag')).to.equal(null);
    }

    // Another client has its own budget.
    const other = await request(`${app.url}${PATHS[0]}`, as(randomClientAddress()));
    expect(other.status).to.equal(200);
  });

  it('behind a trusted proxy keys on the right-most X-Forwarded-For entry, whatever the client put before it', async () => {
    const app = await start({ points: 5, trustProxy: true });
    const client = randomClientAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const spoofed = `10.0.0.${index + 1}, ${randomClientAddress()}, ${client}`;
      statuses.push((await request(`${app.url}${PATHS[0]}`, as(spoofed))).status);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
  });

  it('without a trusted proxy keys on the socket address: a spoofed X-Forwarded-For does not evade the limit', async () => {
    const app = await start({ points: 5, trustProxy: false });
    // A fresh loopback source address per run, so that earlier runs' counters (PostgreSQL keeps them) do not interfere.
    const source = randomLoopbackAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await getFrom(`${app.url}${PATHS[0]}`, source, { 'X-Forwarded-For': randomClientAddress() });
      statuses.push(response.status);
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
    const elsewhere = await getFrom(`${app.url}${PATHS[0]}`, randomLoopbackAddress());
    expect(elsewhere.status).to.equal(200);
  });

  it('on PostgreSQL, shares one budget between instances: 3 requests to A and 3 to B, the 6th is refused', async function () {
    if (service().database.kind !== 'postgresql') this.skip();
    const shared = service();
    const config = {
      ...shared.config,
      rateLimits: { ...shared.config.rateLimits, government: { points: 5, windowSeconds: 60 } },
    };
    // Two independent core-services objects, as two processes would build them.
    const a = await start({ points: 5, trustProxy: true, services: createCoreServices(shared.database, config) });
    const b = await start({ points: 5, trustProxy: true, services: createCoreServices(shared.database, config) });
    const client = randomClientAddress();
    const statuses: number[] = [];
    for (const app of [a, a, a, b, b, b]) statuses.push((await request(`${app.url}${PATHS[0]}`, as(client))).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
  });

  it('on the embedded database, counts in memory per instance', async function () {
    if (service().database.kind !== 'embedded') this.skip();
    const a = await start({ points: 5, trustProxy: true });
    const b = await start({ points: 5, trustProxy: true });
    const client = randomClientAddress();
    const statuses: number[] = [];
    for (const app of [a, a, a, b, b, b]) statuses.push((await request(`${app.url}${PATHS[0]}`, as(client))).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 200]);
  });

  it('does not limit the in-process caller of scripts', async () => {
    const caller = governmentCaller();
    for (let index = 0; index < 3; index += 1) {
      const page = await caller.government.listOpportunities({ page: 1, per_page: 1 });
      expect(page.data).to.have.length(1);
    }
  });
});
