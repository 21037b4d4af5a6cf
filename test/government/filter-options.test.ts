import { expect } from 'chai';
import { NAICS, PSC } from '../../scripts/seed/demo-data/government-catalogue.ts';
import { generateGovernmentOpportunity } from '../../scripts/seed/demo-data/government.ts';
import { TtlCache } from '../../core/services/government/filter-options-cache.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { eventually } from '../webhooks/delivery-helpers.ts';
import {
  GENERATED,
  activeInOrder,
  deleteByNoticeIds,
  governmentCaller,
  governmentFixture,
  insertRecords,
  oracleRows,
} from './fixture.ts';
import { LIST, startGovernmentApp, type GovernmentApp } from './helpers.ts';

interface Option {
  code: string;
  label: string;
  count: number;
  description: string | null;
}
interface OptionsBody {
  data: { naics: Option[]; psc: Option[] };
}

function countBy(values: Array<string | null>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe('GET /api/v1/government-opportunities/public/filter-options', () => {
  let app: GovernmentApp;
  const options = () => request<OptionsBody>(`${app.url}${LIST}/filter-options`);

  before(async () => {
    await governmentFixture();
    // The shared service's caches: the fixture's insert procedure invalidates them.
    app = await startGovernmentApp({ points: 1_000_000, store: 'memory', services: service().services });
  });
  after(async () => {
    await app.close();
  });

  it('counts the NAICS and PSC codes of active opportunities, most frequent first, then by code', async () => {
    const response = await options();
    expect(response.status, response.text).to.equal(200);
    const active = activeInOrder(await oracleRows());
    for (const [kind, values] of [
      ['naics', active.map((row) => row.naics_code)],
      ['psc', active.map((row) => row.product_service_code)],
    ] as const) {
      const items = response.body.data[kind];
      const expected = [...countBy(values)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      expect(
        items.map((item) => [item.code, item.count]),
        kind,
      ).to.deep.equal(expected);
      for (const item of items) expect(Object.keys(item)).to.have.members(['code', 'label', 'count', 'description']);
    }
  });

  it("labels codes from the code list, falling back to the opportunities' own label, then the code", async () => {
    const { naics, psc } = (await options()).body.data;
    const hvac = naics.find((item) => item.code === '238220')!;
    expect(hvac).to.deep.include({ label: NAICS['238220']!.label, description: NAICS['238220']!.description });
    const j041 = psc.find((item) => item.code === 'J041')!;
    expect(j041).to.deep.include({ label: PSC['J041']!.label, description: PSC['J041']!.description });
    expect(naics.find((item) => item.code === '999999')).to.deep.equal({
      code: '999999',
      label: 'Fixture Only Industry',
      count: 1,
      description: null,
    });
    expect(psc.find((item) => item.code === 'ZZ99')).to.deep.equal({
      code: 'ZZ99',
      label: 'ZZ99',
      count: 1,
      description: null,
    });
  });

  it('is cached in the process until the TTL passes or the opportunities change, whoever writes them', async () => {
    const before = (await options()).body.data;
    expect((await options()).body.data).to.deep.equal(before);
    const extra = {
      ...generateGovernmentOpportunity(8_000_000, new Date()),
      naics_code: '111111',
      status: 'active',
      response_deadline: null,
    };
    // Written behind the service's back: the database's trigger announces it, so the cached answer goes.
    // On the embedded database the app compares the area's version before answering (at once); on a
    // server the notification reaches the shared service's listener a moment after the commit.
    await insertRecords([extra], { invalidateCache: false });
    try {
      const extraOption = async () => (await options()).body.data.naics.find((item) => item.code === '111111');
      if (service().database.kind === 'postgresql') {
        await eventually('the notification of the write', async () => (await extraOption()) !== undefined, 5_000);
      }
      expect(await extraOption()).to.include({ count: 1 });
      // The insert procedure (seeding) drops it too.
      await governmentCaller().government.insertOpportunities({
        opportunities: [generateGovernmentOpportunity(GENERATED, new Date())],
        classification_codes: [],
      });
      const after = (await options()).body.data;
      expect(after.naics.find((item) => item.code === '111111')).to.include({ count: 1 });
    } finally {
      await deleteByNoticeIds([extra.notice_id, generateGovernmentOpportunity(GENERATED, new Date()).notice_id]);
    }
    expect((await options()).body.data).to.deep.equal(before);
  });

  it('is publicly cacheable for 60 seconds and answers a matching If-None-Match with 304', async () => {
    const response = await options();
    expect(response.headers.get('cache-control')).to.equal('public, max-age=60');
    const again = await fetch(`${app.url}${LIST}/filter-options`, {
      headers: { 'If-None-Match': response.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).to.equal(304);
  });

  it('takes no parameters: unknown ones are refused, each named', async () => {
    const response = await request(`${app.url}${LIST}/filter-options?page=0&x=1`);
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect(
      (response.body as { details: Array<{ parameter: string }> }).details.map((detail) => detail.parameter),
    ).to.deep.equal(['page', 'x']);
  });
});

describe('TtlCache', () => {
  it('loads once per time to live, shares a pending load and forgets a failed one', async () => {
    const cache = new TtlCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get(0, load), cache.get(0, load)]);
    expect([a, b, loads]).to.deep.equal([1, 1, 1]);
    expect(await cache.get(999, load)).to.equal(1);
    expect(await cache.get(1000, load)).to.equal(2);
    cache.invalidate();
    expect(await cache.get(1001, load)).to.equal(3);
    cache.invalidate();
    const failing = cache.get(2000, () => Promise.reject(new Error('down')));
    await failing.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(2001, load)).to.equal(4);
  });
});
