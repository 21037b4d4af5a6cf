import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { encodeCursor } from '../../../core/services/workspace/cursor.ts';
import { walk } from '../../helpers/cursor-pages.ts';
import {
  createTestBusiness,
  expectAppError,
  fixtureEm,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';

interface Item {
  kind: 'service' | 'material';
  name: string;
  category: string | null;
  sku: string | null;
  price: number;
  cost?: number;
  unit?: string;
  taxable?: boolean;
  active?: boolean;
  description?: string;
}

async function addItem(business: TestBusiness, item: Item): Promise<string> {
  const id = randomUUID();
  await fixtureEm()
    .getConnection()
    .execute(
      `insert into price_book_items (id, business_id, kind, name, description, category, sku, unit, unit_price_minor, unit_cost_minor, taxable, active)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        business.id,
        item.kind,
        item.name,
        item.description ?? null,
        item.category,
        item.sku,
        item.unit ?? 'each',
        item.price,
        item.cost ?? null,
        item.taxable ?? item.kind === 'material',
        item.active ?? true,
      ],
    );
  return id;
}

const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);

describe('workspace: price book', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  const foreign: string[] = [];

  before(async () => {
    business = await createTestBusiness({ currency: 'CAD' });
    other = await createTestBusiness({ currency: 'USD' });
    const items: Record<string, Item> = {
      // Services.
      tuneUp: {
        kind: 'service',
        name: 'AC tune-up',
        category: 'HVAC',
        sku: 'SV-001',
        price: 14_900,
        unit: 'visit',
        description: 'Includes filter check',
      },
      filterChange: { kind: 'service', name: 'Filter change', category: 'HVAC', sku: 'SV-002', price: 4_900 },
      retired: {
        kind: 'service',
        name: 'Old filter service',
        category: 'HVAC',
        sku: 'SV-099',
        price: 1_000,
        active: false,
      },
      drain: {
        kind: 'service',
        name: 'Drain cleaning',
        category: 'Plumbing',
        sku: 'SV-003',
        price: 27_500,
        taxable: true,
        description: 'Clears a clogged drain line',
      },
      diagnostic: { kind: 'service', name: 'Diagnostic visit', category: null, sku: null, price: 8_900, unit: 'hour' },
      // Materials.
      pleated: {
        kind: 'material',
        name: 'Pleated filter 16x25',
        category: 'HVAC',
        sku: 'MT-FLT',
        price: 2_400,
        cost: 900,
        description: 'MERV 11',
      },
      drier: {
        kind: 'material',
        name: 'Filter drier',
        category: 'HVAC',
        sku: 'MT-DRY',
        price: 3_100,
        cost: 1_200,
        active: false,
      },
      cabinet: { kind: 'material', name: 'Cabinet filters', category: 'Plumbing', sku: 'MT-CAB', price: 5_000 },
      fillter: {
        kind: 'material',
        name: 'A1 fillter cartridge',
        category: 'Plumbing',
        sku: 'MT-A1',
        price: 1_800,
        cost: 600,
      },
      pex: {
        kind: 'material',
        name: 'PEX pipe 1/2 in',
        category: 'plumbing',
        sku: 'MT-PEX',
        price: 150,
        cost: 45,
        unit: 'ft',
      },
      snake: {
        kind: 'material',
        name: 'Snake cable 50 ft',
        category: 'Plumbing',
        sku: 'DRAIN',
        price: 9_900,
        cost: 4_000,
      },
      misc: { kind: 'material', name: 'Misc fasteners', category: null, sku: null, price: 300 },
      caulk: {
        kind: 'material',
        name: 'Caulk tube 100% silicone',
        category: null,
        sku: 'MT-CLK',
        price: 700,
        cost: 250,
      },
    };
    for (const [key, item] of Object.entries(items)) ids[key] = await addItem(business, item);
    // A second business with the same kind of price book: none of it may ever show up in the first's answers.
    for (const item of Object.values(items)) foreign.push(await addItem(other, { ...item, price: item.price + 1 }));
  });

  describe('list-services', () => {
    it('lists active services by category (byte order, uncategorised last), name, id, with the business currency', async () => {
      const page = await tenantCaller(business.id).workspace.priceBook.listServices({});
      expect(page.items.map((item) => item.id)).to.deep.equal([
        ids.tuneUp,
        ids.filterChange,
        ids.drain,
        ids.diagnostic,
      ]);
      expect(page.next_cursor).to.equal(null);
      expect(page.items[0]).to.deep.equal({
        id: ids.tuneUp,
        kind: 'service',
        name: 'AC tune-up',
        description: 'Includes filter check',
        category: 'HVAC',
        sku: 'SV-001',
        unit: 'visit',
        unit_price_minor: 14_900,
        taxable: false,
        active: true,
        currency: 'CAD',
      });
      expect(page.items[3]).to.deep.equal({
        id: ids.diagnostic,
        kind: 'service',
        name: 'Diagnostic visit',
        description: null,
        category: null,
        sku: null,
        unit: 'hour',
        unit_price_minor: 8_900,
        taxable: false,
        active: true,
        currency: 'CAD',
      });
      // list-services does not disclose costs.
      expect(page.items[0]).not.to.have.property('unit_cost_minor');
    });

    it('filters by category ignoring letter case and surrounding spaces; include_inactive adds retired items in place', async () => {
      const caller = tenantCaller(business.id);
      expect(names(await caller.workspace.priceBook.listServices({ category: 'hvac' }))).to.deep.equal([
        'AC tune-up',
        'Filter change',
      ]);
      expect(names(await caller.workspace.priceBook.listServices({ category: '  HVAC ' }))).to.deep.equal([
        'AC tune-up',
        'Filter change',
      ]);
      expect(
        names(await caller.workspace.priceBook.listServices({ category: 'HVAC', include_inactive: true })),
      ).to.deep.equal(['AC tune-up', 'Filter change', 'Old filter service']);
      const retired = (await caller.workspace.priceBook.listServices({ include_inactive: true })).items.find(
        (item) => item.id === ids.retired,
      );
      expect(retired).to.deep.include({ active: false, unit_price_minor: 1_000 });
      expect((await caller.workspace.priceBook.listServices({ category: 'Electrical' })).items).to.deep.equal([]);
    });

    it('pages across categories and into the uncategorised group without gaps or repeats', async () => {
      const caller = tenantCaller(business.id);
      const all = [ids.tuneUp, ids.filterChange, ids.retired, ids.drain, ids.diagnostic];
      expect(
        await walk(
          (cursor) => caller.workspace.priceBook.listServices({ include_inactive: true, limit: 2, cursor }),
          2,
        ),
      ).to.deep.equal(all);
      expect(
        await walk(
          (cursor) => caller.workspace.priceBook.listServices({ include_inactive: true, limit: 1, cursor }),
          1,
        ),
      ).to.deep.equal(all);
    });

    it("never lists another business's services", async () => {
      const mine = await tenantCaller(business.id).workspace.priceBook.listServices({
        include_inactive: true,
        limit: 100,
      });
      const theirs = await tenantCaller(other.id).workspace.priceBook.listServices({
        include_inactive: true,
        limit: 100,
      });
      expect(mine.items.map((item) => item.id)).to.have.members([
        ids.tuneUp,
        ids.filterChange,
        ids.retired,
        ids.drain,
        ids.diagnostic,
      ]);
      expect(theirs.items.map((item) => item.id))
        .to.have.length(5)
        .and.to.satisfy((list: string[]) => list.every((id) => foreign.includes(id)));
      expect(theirs.items[0]).to.deep.include({ name: 'AC tune-up', unit_price_minor: 14_901, currency: 'USD' });
    });

    it('rejects forged cursors and invalid filters as validation errors', async () => {
      const caller = tenantCaller(business.id);
      for (const cursor of [
        'eHl6',
        encodeCursor(['HVAC', 'AC tune-up']),
        encodeCursor(['HVAC', 'AC\u0000', randomUUID()]),
        encodeCursor(['rank', 2]),
      ]) {
        await expectAppError(caller.workspace.priceBook.listServices({ cursor }), 'VALIDATION_FAILED');
      }
      await expectAppError(caller.workspace.priceBook.listServices({ category: 'HV\u0000AC' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.listServices({ category: '   ' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.listServices({ category: 'x'.repeat(101) }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.listServices({ limit: 0 }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.listServices({ limit: 101 }), 'VALIDATION_FAILED');
    });
  });

  describe('list-materials', () => {
    it('lists active materials with their unit cost, by category (PLUMBING before plumbing in byte order), name, id', async () => {
      const page = await tenantCaller(business.id).workspace.priceBook.listMaterials({});
      expect(page.items.map((item) => [item.category, item.name, item.unit_cost_minor])).to.deep.equal([
        ['HVAC', 'Pleated filter 16x25', 900],
        ['Plumbing', 'A1 fillter cartridge', 600],
        ['Plumbing', 'Cabinet filters', null],
        ['Plumbing', 'Snake cable 50 ft', 4_000],
        ['plumbing', 'PEX pipe 1/2 in', 45],
        [null, 'Caulk tube 100% silicone', 250],
        [null, 'Misc fasteners', null],
      ]);
      expect(page.items[4]).to.deep.equal({
        id: ids.pex,
        kind: 'material',
        name: 'PEX pipe 1/2 in',
        description: null,
        category: 'plumbing',
        sku: 'MT-PEX',
        unit: 'ft',
        unit_price_minor: 150,
        unit_cost_minor: 45,
        taxable: true,
        active: true,
        currency: 'CAD',
      });
    });

    it('filters by category in any letter case (both spellings), adds inactive materials on request, and pages through the uncategorised group', async () => {
      const caller = tenantCaller(business.id);
      expect(names(await caller.workspace.priceBook.listMaterials({ category: 'PLUMBING' }))).to.deep.equal([
        'A1 fillter cartridge',
        'Cabinet filters',
        'Snake cable 50 ft',
        'PEX pipe 1/2 in',
      ]);
      expect(
        names(await caller.workspace.priceBook.listMaterials({ category: 'hvac', include_inactive: true })),
      ).to.deep.equal(['Filter drier', 'Pleated filter 16x25']);
      const all = [ids.drier, ids.pleated, ids.fillter, ids.cabinet, ids.snake, ids.pex, ids.caulk, ids.misc];
      for (const limit of [1, 3]) {
        expect(
          await walk(
            (cursor) =>
              tenantCaller(business.id).workspace.priceBook.listMaterials({ include_inactive: true, limit, cursor }),
            limit,
          ),
        ).to.deep.equal(all);
      }
      // Services never appear among materials, nor materials among services.
      expect(
        (await caller.workspace.priceBook.listMaterials({ include_inactive: true, limit: 100 })).items.every(
          (item) => item.kind === 'material',
        ),
      ).to.equal(true);
    });

    it("never lists another business's materials and rejects forged cursors", async () => {
      const caller = tenantCaller(business.id);
      const page = await caller.workspace.priceBook.listMaterials({ include_inactive: true, limit: 100 });
      expect(page.items.some((item) => foreign.includes(item.id))).to.equal(false);
      await expectAppError(caller.workspace.priceBook.listMaterials({ cursor: 'not-a-cursor' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.priceBook.listMaterials({ cursor: encodeCursor([1, 'x', randomUUID()]) }),
        'VALIDATION_FAILED',
      );
    });
  });

  describe('search-price-book', () => {
    it('ranks the exact SKU, name prefixes, names containing the query, other fields, then close spellings; whole words before parts', async () => {
      const caller = tenantCaller(business.id);
      // "filter", by tier (in pure name order every neighbour would be the other way round):
      //   1 name starts with it:            Filter change
      //   2 name contains it:               Pleated filter 16x25 (whole word, word similarity 1), Cabinet filters (part of "filters", 6/7)
      //   3 another field contains it:      AC tune-up (description "Includes filter check")
      //   4 only trigram-similar (>= 0.6):  A1 fillter cartridge (6 of the 7 trigrams of "filter")
      // Old filter service and Filter drier are inactive; the other business's copies never appear.
      const page = await caller.workspace.priceBook.searchPriceBook({ query: 'filter' });
      expect(page.items.map((item) => item.id)).to.deep.equal([
        ids.filterChange,
        ids.pleated,
        ids.cabinet,
        ids.tuneUp,
        ids.fillter,
      ]);
      expect(page.next_cursor).to.equal(null);
      expect(page.items[1]).to.deep.equal({
        id: ids.pleated,
        kind: 'material',
        name: 'Pleated filter 16x25',
        description: 'MERV 11',
        category: 'HVAC',
        sku: 'MT-FLT',
        unit: 'each',
        unit_price_minor: 2_400,
        taxable: true,
        active: true,
        currency: 'CAD',
      });
      // The cost stays internal: only list-materials shows it.
      expect(page.items[1]).not.to.have.property('unit_cost_minor');
      // An exact SKU beats a name starting with the query; letter case is ignored.
      expect(
        (await caller.workspace.priceBook.searchPriceBook({ query: 'Drain' })).items.map((item) => item.id),
      ).to.deep.equal([ids.snake, ids.drain]);
      // SV-001 and SV-002 share 5 of the 7 trigrams of "sv-003" (0.71): close spellings after the exact SKU, tied, by name.
      expect(
        (await caller.workspace.priceBook.searchPriceBook({ query: 'sv-003' })).items.map((item) => item.id),
      ).to.deep.equal([ids.drain, ids.tuneUp, ids.filterChange]);
      expect(
        (await caller.workspace.priceBook.searchPriceBook({ query: '  merv 11 ' })).items.map((item) => item.id),
      ).to.deep.equal([ids.pleated]);
    });

    it('finds misspellings, filters by kind, and never answers inactive items', async () => {
      const caller = tenantCaller(business.id);
      // "filtr" is in no text; it shares 4 of its 6 trigrams with the word "filter"/"filters" (0.67 each), so all four tie and go by name.
      expect(names(await caller.workspace.priceBook.searchPriceBook({ query: 'filtr' }))).to.deep.equal([
        'AC tune-up',
        'Cabinet filters',
        'Filter change',
        'Pleated filter 16x25',
      ]);
      expect(
        (await caller.workspace.priceBook.searchPriceBook({ query: 'filter', kind: 'material' })).items.map(
          (item) => item.id,
        ),
      ).to.deep.equal([ids.pleated, ids.cabinet, ids.fillter]);
      expect(
        (await caller.workspace.priceBook.searchPriceBook({ query: 'filter', kind: 'service' })).items.map(
          (item) => item.id,
        ),
      ).to.deep.equal([ids.filterChange, ids.tuneUp]);
      expect((await caller.workspace.priceBook.searchPriceBook({ query: 'sv-099' })).items).to.deep.equal([]);
      expect((await caller.workspace.priceBook.searchPriceBook({ query: 'drier' })).items).to.deep.equal([]);
    });

    it('matches LIKE wildcards and quotes literally', async () => {
      const caller = tenantCaller(business.id);
      expect(names(await caller.workspace.priceBook.searchPriceBook({ query: '100%' }))).to.deep.equal([
        'Caulk tube 100% silicone',
      ]);
      for (const query of ['%%', '__', '\\%', "o'brien\\"]) {
        expect((await caller.workspace.priceBook.searchPriceBook({ query })).items, query).to.deep.equal([]);
      }
    });

    it('pages through the ranking without gaps or repeats', async () => {
      const caller = tenantCaller(business.id);
      const ranking = [ids.filterChange, ids.pleated, ids.cabinet, ids.tuneUp, ids.fillter];
      for (const limit of [1, 2]) {
        expect(
          await walk((cursor) => caller.workspace.priceBook.searchPriceBook({ query: 'filter', limit, cursor }), limit),
        ).to.deep.equal(ranking);
      }
    });

    it("searches only the caller's business", async () => {
      const theirs = await tenantCaller(other.id).workspace.priceBook.searchPriceBook({ query: 'filter', limit: 100 });
      expect(theirs.items).to.have.length(5);
      expect(theirs.items.every((item) => foreign.includes(item.id) && item.currency === 'USD')).to.equal(true);
      const mine = await tenantCaller(business.id).workspace.priceBook.searchPriceBook({ query: 'filter', limit: 100 });
      expect(mine.items.some((item) => foreign.includes(item.id))).to.equal(false);
    });

    it('rejects too short or too long queries, unknown kinds and forged cursors', async () => {
      const caller = tenantCaller(business.id);
      await expectAppError(caller.workspace.priceBook.searchPriceBook({ query: 'f' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.searchPriceBook({ query: ' f  ' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.searchPriceBook({ query: 'x'.repeat(201) }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.priceBook.searchPriceBook({ query: 'fil\u0000ter' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.priceBook.searchPriceBook({ query: 'filter', kind: 'labour' as 'service' }),
        'VALIDATION_FAILED',
      );
      for (const cursor of [
        'eHl6',
        encodeCursor(['rank', -1]),
        encodeCursor(['rank', 10_001]),
        encodeCursor(['rank', 1.5]),
        encodeCursor(['HVAC', 'x', randomUUID()]),
      ]) {
        await expectAppError(
          caller.workspace.priceBook.searchPriceBook({ query: 'filter', cursor }),
          'VALIDATION_FAILED',
        );
      }
    });
  });
});
