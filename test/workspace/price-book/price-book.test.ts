import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

interface Item {
  kind: 'service' | 'material';
  name: string;
  category: string | null;
  sku: string | null;
  price: number;
  cost?: number;
  active?: boolean;
  description?: string;
}

async function addItem(business: TestBusiness, item: Item): Promise<string> {
  const id = randomUUID();
  await fixtureEm()
    .getConnection()
    .execute(
      `insert into price_book_items (id, business_id, kind, name, description, category, sku, unit, unit_price_minor, unit_cost_minor, taxable, active)
       values (?, ?, ?, ?, ?, ?, ?, 'each', ?, ?, ?, ?)`,
      [id, business.id, item.kind, item.name, item.description ?? null, item.category, item.sku, item.price, item.cost ?? null, item.kind === 'material', item.active ?? true],
    );
  return id;
}

describe('workspace: price book', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    const items: Record<string, Item> = {
      tuneUp: { kind: 'service', name: 'AC tune-up', category: 'HVAC', sku: 'SV-001', price: 14_900 },
      filterChange: { kind: 'service', name: 'Filter change', category: 'HVAC', sku: 'SV-002', price: 4_900 },
      drain: { kind: 'service', name: 'Drain cleaning', category: 'Plumbing', sku: 'SV-003', price: 27_500 },
      diagnostic: { kind: 'service', name: 'Diagnostic visit', category: null, sku: null, price: 8_900 },
      retired: { kind: 'service', name: 'Old filter service', category: 'HVAC', sku: 'SV-099', price: 1_000, active: false },
      airFilter: { kind: 'material', name: 'Air filter 16x25', category: 'HVAC', sku: 'MT-FLT', price: 2_400, cost: 900, description: 'MERV 11 pleated' },
      pex: { kind: 'material', name: 'PEX pipe 1/2 in', category: 'plumbing', sku: 'MT-PEX', price: 150, cost: 45 },
      filterHousing: { kind: 'material', name: 'Housing for filters', category: 'Plumbing', sku: 'MT-HSG', price: 5_000 },
    };
    for (const [key, item] of Object.entries(items)) ids[key] = await addItem(business, item);
    ids.foreign = await addItem(other, { kind: 'service', name: 'Filter change', category: 'HVAC', sku: 'SV-001', price: 1 });
  });

  it('list-services lists active services by category (uncategorised first), name, id, with the business currency', async () => {
    const page = await tenantCaller(business.id).workspace.priceBook.listServices({});
    expect(page.items.map((item) => item.id)).to.deep.equal([ids.diagnostic, ids.tuneUp, ids.filterChange, ids.drain]);
    expect(page.items[1]).to.deep.equal({
      id: ids.tuneUp, kind: 'service', name: 'AC tune-up', description: null, category: 'HVAC', sku: 'SV-001', unit: 'each',
      unit_price_minor: 14_900, taxable: false, active: true, currency: 'USD',
    });
    expect(page.next_cursor).to.equal(null);
  });

  it('filters by category in any letter case, includes inactive items on request, and pages without gaps', async () => {
    const caller = tenantCaller(business.id);
    expect((await caller.workspace.priceBook.listServices({ category: 'hvac' })).items.map((item) => item.id)).to.deep.equal([ids.tuneUp, ids.filterChange]);
    expect((await caller.workspace.priceBook.listServices({ category: 'HVAC', include_inactive: true })).items.map((item) => item.id)).to.deep.equal([
      ids.tuneUp, ids.filterChange, ids.retired,
    ]);
    const first = await caller.workspace.priceBook.listServices({ limit: 3 });
    const second = await caller.workspace.priceBook.listServices({ limit: 3, cursor: first.next_cursor! });
    expect([...first.items, ...second.items].map((item) => item.id)).to.deep.equal([ids.diagnostic, ids.tuneUp, ids.filterChange, ids.drain]);
    expect(second.next_cursor).to.equal(null);
    await expectAppError(caller.workspace.priceBook.listServices({ cursor: 'eHl6' }), 'VALIDATION_FAILED');
  });

  it('list-materials carries the unit cost', async () => {
    const page = await tenantCaller(business.id).workspace.priceBook.listMaterials({});
    expect(page.items.map((item) => [item.name, item.unit_cost_minor])).to.deep.equal([
      ['Air filter 16x25', 900],
      ['Housing for filters', null],
      ['PEX pipe 1/2 in', 45],
    ]);
  });

  it('search-price-book ranks the exact SKU, then name prefixes, then containing items, then close spellings; never inactive or foreign items', async () => {
    const caller = tenantCaller(business.id);
    const bySku = await caller.workspace.priceBook.searchPriceBook({ query: 'sv-003' });
    expect(bySku.items[0]?.id).to.equal(ids.drain);
    const filter = await caller.workspace.priceBook.searchPriceBook({ query: 'filter' });
    // "Filter change" starts with the word; the others contain it (by name, id); the retired and the foreign item never appear.
    expect(filter.items.map((item) => item.id)).to.deep.equal([ids.filterChange, ids.airFilter, ids.filterHousing]);
    const typo = await caller.workspace.priceBook.searchPriceBook({ query: 'filtr' });
    expect(typo.items.map((item) => item.id)).to.include(ids.filterChange);
    expect((await caller.workspace.priceBook.searchPriceBook({ query: 'filter', kind: 'material' })).items.map((item) => item.id)).to.deep.equal([ids.airFilter, ids.filterHousing]);
    expect((await caller.workspace.priceBook.searchPriceBook({ query: '100%_' })).items).to.deep.equal([]);
    const first = await caller.workspace.priceBook.searchPriceBook({ query: 'filter', limit: 2 });
    const rest = await caller.workspace.priceBook.searchPriceBook({ query: 'filter', limit: 2, cursor: first.next_cursor! });
    expect([...first.items, ...rest.items].map((item) => item.id)).to.deep.equal([ids.filterChange, ids.airFilter, ids.filterHousing]);
    await expectAppError(caller.workspace.priceBook.searchPriceBook({ query: 'f' }), 'VALIDATION_FAILED');
  });
});
