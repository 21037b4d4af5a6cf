import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { generateGovernmentOpportunity } from '../../scripts/seed/demo-data/government.ts';
import { composeServices } from '../../scripts/compose/compose-services.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { GENERATED, deleteByNoticeIds, governmentFixture, insertRecords } from './fixture.ts';
import { LIST, startGovernmentApp, type GovernmentApp } from './helpers.ts';

interface OptionsBody {
  data: { naics: Array<{ code: string; count: number }> };
}

/*
 * Caches belong to an app's CoreServices (docs/architecture.md, "State has one owner"): two apps
 * composed in one process over one database keep their own entries, and an invalidation in one
 * (its insert procedure) does not reach the other. Seen over HTTP through the filter options.
 */
describe('two apps in one process keep their own caches', () => {
  let first: { app: GovernmentApp; services: CoreServices };
  let second: { app: GovernmentApp; services: CoreServices };
  const naicsOf = async ({ app }: { app: GovernmentApp }) =>
    (await request<OptionsBody>(`${app.url}${LIST}/filter-options`)).body.data.naics;
  // The public read cache off: it would learn of the other app's insert from the database's versions
  // (test/public-cache/), while this test is about the filter options' own cache, kept per app.
  const compose = async () => {
    const config = { ...service().config, publicCache: { maxBytes: 0 } };
    const services = composeServices({ database: service().database, config });
    return { app: await startGovernmentApp({ points: 1_000_000, store: 'memory', services }), services };
  };

  before(async () => {
    await governmentFixture();
    first = await compose();
    second = await compose();
  });
  after(async () => {
    await Promise.all([first.app.close(), second.app.close()]);
  });

  it("an insert through one app refreshes its filter options and leaves the other's cached answer", async () => {
    expect(first.services.caches).to.not.equal(second.services.caches);
    const before = await naicsOf(first);
    expect(await naicsOf(second)).to.deep.equal(before);
    const extra = {
      ...generateGovernmentOpportunity(8_100_000, new Date()),
      naics_code: '222222',
      status: 'active',
      response_deadline: null,
    };
    const seeded = generateGovernmentOpportunity(GENERATED, new Date());
    await insertRecords([extra], { invalidateCache: false });
    try {
      const caller = systemCaller({
        orm: service().database.orm,
        services: second.services,
        config: service().config,
        log: createLogger('silent'),
      });
      await caller.government.insertOpportunities({ opportunities: [seeded], classification_codes: [] });
      expect((await naicsOf(second)).find((item) => item.code === '222222')).to.include({ count: 1 });
      expect(await naicsOf(first)).to.deep.equal(before);
    } finally {
      await deleteByNoticeIds([extra.notice_id, seeded.notice_id]);
    }
  });
});
