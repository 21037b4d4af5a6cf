import { expect } from 'chai';
import { ZInsertOpportunitiesInput } from '../../core/routers/government/insert-opportunities.schema.ts';
import {
  governmentClassificationCodes,
  generateGovernmentOpportunity,
} from '../../scripts/seed/demo-data/government.ts';
import { governmentSeedArea } from '../../scripts/seed/government.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { deleteByNoticeIds, governmentCaller, governmentFixture, knex } from './fixture.ts';

describe('government demo data', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const demo = Array.from({ length: 2000 }, (_, index) => generateGovernmentOpportunity(index, now));

  it('is deterministic per row index, whatever range it is generated in', () => {
    expect(generateGovernmentOpportunity(1234, now)).to.deep.equal(demo[1234]);
    expect(generateGovernmentOpportunity(1234, now)).not.to.deep.equal(demo[1235]);
    expect(new Set(demo.map((row) => row.notice_id)).size).to.equal(demo.length);
    expect(new Set(demo.map((row) => row.slug)).size).to.equal(demo.length);
  });

  it('spreads over 30+ states, trades, codes, set-asides, statuses and notice types', () => {
    const distinct = (pick: (row: (typeof demo)[number]) => unknown) => new Set(demo.map(pick)).size;
    expect(distinct((row) => row.place_state)).to.be.at.least(30);
    expect(distinct((row) => row.category)).to.be.at.least(12);
    expect(distinct((row) => row.naics_code)).to.be.at.least(12);
    expect(distinct((row) => row.product_service_code)).to.be.at.least(15);
    expect(distinct((row) => row.set_aside_code)).to.be.at.least(8);
    expect(new Set(demo.map((row) => row.status))).to.include.members(['active', 'archived', 'cancelled']);
    expect(distinct((row) => row.type)).to.be.at.least(5);
    for (const row of demo) {
      expect(row.place_state).to.match(/^[A-Z]{2}$/);
      expect(row.slug).to.match(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('dates postings within the last 120 days, with deadlines passed, ahead and absent', () => {
    const at = now.getTime();
    for (const row of demo) {
      const posted = Date.parse(row.posted_date!);
      expect(posted)
        .to.be.at.most(at)
        .and.at.least(at - 121 * 86_400_000);
      expect(Date.parse(row.updated_at)).to.be.at.most(at);
    }
    const deadlines = demo.map((row) => row.response_deadline);
    expect(deadlines.filter((deadline) => deadline === null).length).to.be.greaterThan(20);
    expect(deadlines.filter((deadline) => deadline !== null && Date.parse(deadline) < at).length).to.be.greaterThan(
      100,
    );
    const open = demo.filter(
      (row) => row.status === 'active' && (row.response_deadline === null || Date.parse(row.response_deadline) > at),
    );
    expect(open.length).to.be.greaterThan(500);
  });

  it('fills contacts, resource links, awards and absolute URLs', () => {
    expect(demo.every((row) => row.point_of_contact.length >= 1)).to.equal(true);
    expect(demo.filter((row) => row.resource_links.length > 0).length).to.be.greaterThan(500);
    const awards = demo.filter((row) => row.award !== null);
    expect(awards.length).to.be.greaterThan(50);
    for (const row of awards) expect(row.type).to.equal('Award Notice');
    for (const row of demo) {
      for (const url of [row.source_link, row.additional_info_link, ...row.resource_links.map((link) => link.url)]) {
        if (url !== null) expect(url).to.match(/^https:\/\//);
      }
    }
  });

  it("passes government.insertOpportunities's validation unchanged, so the stored rows are the generated ones", () => {
    const input = { opportunities: demo, classification_codes: governmentClassificationCodes() };
    expect(ZInsertOpportunitiesInput.parse(input)).to.deep.equal(input);
  });

  it('labels every NAICS and PSC code it uses', () => {
    const labelled = new Set(governmentClassificationCodes().map((code) => `${code.kind}:${code.code}`));
    for (const row of demo) {
      expect(labelled.has(`naics:${row.naics_code}`), row.naics_code!).to.equal(true);
      expect(labelled.has(`psc:${row.product_service_code}`), row.product_service_code!).to.equal(true);
    }
  });
});

describe('government seeding procedures', () => {
  const FIRST = 50_000;
  const records = (start: number, count: number) =>
    Array.from({ length: count }, (_, offset) => generateGovernmentOpportunity(start + offset, new Date()));
  const generated = (start: number, count: number) => records(start, count).map((record) => record.notice_id);

  before(async () => {
    await governmentFixture();
  });
  after(async () => {
    await deleteByNoticeIds(generated(FIRST, 10));
  });

  it('inserts a range of the sequence once: the same range again inserts nothing', async () => {
    const caller = governmentCaller();
    const before = (await caller.government.countOpportunities()).total;
    const codes = governmentClassificationCodes();
    expect(
      await caller.government.insertOpportunities({ opportunities: records(FIRST, 3), classification_codes: codes }),
    ).to.deep.equal({ inserted: 3 });
    expect(
      await caller.government.insertOpportunities({ opportunities: records(FIRST, 3), classification_codes: codes }),
    ).to.deep.equal({ inserted: 0 });
    expect((await caller.government.countOpportunities()).total).to.equal(before + 3);
    const stored = (await knex().raw(
      'select notice_id from government_opportunities where notice_id = any(?::text[])',
      [generated(FIRST, 3)],
    )) as {
      rows: unknown[];
    };
    expect(stored.rows).to.have.length(3);
  });

  it('is the opportunities seed area: batches through the caller and reports progress', async () => {
    const area = governmentSeedArea!;
    expect(area.flag).to.equal('opportunities');
    expect(area.demoCount).to.equal(2000);
    const caller = governmentCaller();
    const before = await area.count(caller);
    const progress: number[] = [];
    await area.seed(caller, FIRST + 3, 7, (inserted) => progress.push(inserted));
    expect(progress.at(-1)).to.equal(7);
    expect(await area.count(caller)).to.equal(before + 7);
  });

  it('rejects empty, oversized and malformed batches as bad requests', async () => {
    const caller = governmentCaller();
    const [record] = records(FIRST, 1);
    const batches = [
      [],
      Array.from({ length: 2001 }, () => record!),
      [{ ...record!, place_state: 'Texas' }],
      [{ ...record!, title: 'a\u0000b' }],
    ];
    for (const opportunities of batches) {
      let code = '';
      await caller.government
        .insertOpportunities({ opportunities, classification_codes: [] })
        .catch((error: { code: string }) => (code = error.code));
      expect(code, `${opportunities.length} rows`).to.equal('BAD_REQUEST');
    }
  });

  it('cannot be reached from outside: the tRPC endpoint answers as for an unknown procedure', async () => {
    const seed = await request(`${service().url}/api/trpc/government.insertOpportunities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ opportunities: records(90_000, 1), classification_codes: [] }),
    });
    expect(seed.status).to.equal(404);
    const count = await request<{ error: { data: { errorMessage: { code: string } } } }>(
      `${service().url}/api/trpc/government.countOpportunities`,
    );
    expect(count.status).to.equal(404);
    expect(count.body.error.data.errorMessage.code).to.equal('ROUTE_NOT_FOUND');
    const rest = await request(`${service().url}/api/v1/government-opportunities/seed`);
    expectErrorMessage(rest, 404, 'ROUTE_NOT_FOUND');
  });
});
