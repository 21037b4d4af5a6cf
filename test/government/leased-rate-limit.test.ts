import { expect } from 'chai';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { leasedLimiter, leaseSize, MAX_LEASED_CLIENTS } from '../../core/services/rate-limit/leased-limiter.ts';
import type { RateLimitDecision, RateLimitPolicy } from '../../core/services/rate-limit/rate-limit-policy.ts';
import {
  createRateLimiter,
  flexibleLimiter,
  type RateLimitStore,
} from '../../core/services/rate-limit/rate-limiter.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { governmentFixture } from './fixture.ts';
import { LIST, randomClientAddress, startGovernmentApp, type GovernmentApp } from './helpers.ts';

const policy: RateLimitPolicy = { name: 'lease-test', points: 1000, windowSeconds: 60 };

/** The store the service itself uses: the shared table on PostgreSQL, memory on the embedded database. */
function serviceStore(): RateLimitStore {
  const { database } = service();
  return database.kind === 'postgresql'
    ? { kind: 'postgres', knex: database.orm.em.getKnex(), tableName: 'rate_limits' }
    : { kind: 'memory' };
}

function onPostgres(context: Mocha.Context): void {
  if (service().database.kind !== 'postgresql') context.skip();
}

async function consumeUntilRefused(
  limiter: ReturnType<typeof createRateLimiter>,
  key: string,
  max: number,
): Promise<RateLimitDecision[]> {
  const decisions: RateLimitDecision[] = [];
  for (let index = 0; index < max; index += 1) {
    const decision = await limiter.consume(key);
    decisions.push(decision);
    if (!decision.allowed) break;
  }
  return decisions;
}

describe('rate limits with large budgets (leases of the shared counter)', () => {
  it('reserves one point per round trip under 200 a window, a hundredth of larger budgets, at most 100', () => {
    expect([1, 5, 120, 199, 200, 1000, 6000, 10_000, 1_000_000].map(leaseSize)).to.deep.equal([
      1, 1, 1, 1, 2, 10, 60, 100, 100,
    ]);
  });

  it('allows exactly the budget from one instance, counting the remaining points down one by one, then refuses until the window ends', async () => {
    const limiter = createRateLimiter(policy, serviceStore());
    const decisions = await consumeUntilRefused(limiter, `lease:${randomClientAddress()}`, 1100);
    const allowed = decisions.filter((decision) => decision.allowed);
    expect(allowed).to.have.length(1000);
    expect(allowed.map((decision) => decision.remaining)).to.deep.equal(
      Array.from({ length: 1000 }, (_, index) => 999 - index),
    );
    const refused = decisions.at(-1)!;
    expect(refused.allowed).to.equal(false);
    expect(refused.remaining).to.equal(0);
    expect(refused.resetSeconds).to.be.within(1, 60);
  });

  it('on PostgreSQL, reserves no more than concurrent requests use: 250 at once leave the shared counter at 250', async function () {
    onPostgres(this);
    const key = `lease:${randomClientAddress()}`;
    const limiter = createRateLimiter(policy, serviceStore());
    const decisions = await Promise.all(Array.from({ length: 250 }, () => limiter.consume(key)));
    expect(decisions.every((decision) => decision.allowed)).to.equal(true);
    const remaining = decisions.map((decision) => decision.remaining).sort((a, b) => b - a);
    expect(remaining).to.deep.equal(Array.from({ length: 250 }, (_, index) => 999 - index));
    // What every other instance sees: rate-limiter-flexible's own read of the shared row.
    const shared = await flexibleLimiter(policy, serviceStore()).get(key);
    expect(shared?.consumedPoints).to.equal(250);
  });

  it('on PostgreSQL, never allows more than the budget across instances, and the points one leased stay usable there', async function () {
    onPostgres(this);
    const key = `lease:${randomClientAddress()}`;
    const a = createRateLimiter(policy, serviceStore());
    const b = createRateLimiter(policy, serviceStore());
    for (let index = 0; index < 3; index += 1) expect((await a.consume(key)).allowed).to.equal(true);
    // A holds 7 reserved points; B gets the other 990.
    const fromB = await consumeUntilRefused(b, key, 1100);
    expect(fromB.filter((decision) => decision.allowed)).to.have.length(990);
    const fromA = await consumeUntilRefused(a, key, 100);
    expect(fromA.filter((decision) => decision.allowed)).to.have.length(7);
    expect(fromA.at(-1)!.allowed).to.equal(false);
  });

  it('remembers the most recently used leases: past its bound it forgets the least recently used client, one at a time', async () => {
    const store = new RateLimiterMemory({ points: policy.points, duration: policy.windowSeconds });
    const reserved: string[] = [];
    const consume = store.consume.bind(store);
    store.consume = (key, points) => {
      reserved.push(String(key));
      return consume(key, points);
    };
    const limiter = leasedLimiter(policy, store, leaseSize(policy.points));
    for (let index = 0; index < MAX_LEASED_CLIENTS; index += 1) await limiter.consume(`client-${index}`);
    // client-0 is used again, so client-1 is now the least recently used.
    await limiter.consume('client-0');
    await limiter.consume('newcomer');
    reserved.length = 0;
    await limiter.consume('client-0');
    await limiter.consume('client-2');
    expect(reserved, 'client-0 and client-2 still hold their leases').to.deep.equal([]);
    await limiter.consume('client-1');
    expect(reserved, 'client-1 was forgotten and reserves again').to.deep.equal(['client-1']);
  });

  describe('over HTTP', () => {
    let app: GovernmentApp;
    before(async () => {
      await governmentFixture();
      app = await startGovernmentApp({ points: 1000, trustProxy: true });
    });
    after(async () => {
      await app.close();
    });

    it('announces the exact remaining budget on every answer', async () => {
      const client = randomClientAddress();
      const seen: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        const answer = await request(`${app.url}${LIST}?per_page=1`, { headers: { 'X-Forwarded-For': client } });
        expect(answer.status).to.equal(200);
        expect(answer.headers.get('ratelimit-policy')).to.equal('"gov";q=1000;w=60');
        seen.push(answer.headers.get('ratelimit')!);
      }
      seen.forEach((header, index) => expect(header).to.match(new RegExp(`^"gov";r=${999 - index};t=(59|60)$`)));
    });
  });
});
