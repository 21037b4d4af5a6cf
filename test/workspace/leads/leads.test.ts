import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

async function addSource(business: TestBusiness, name: string): Promise<string> {
  const id = randomUUID();
  await sql('insert into lead_sources (id, business_id, name, channel) values (?, ?, ?, ?)', [id, business.id, name, 'web']);
  return id;
}

async function addLead(business: TestBusiness, lead: { name: string; status: string; source?: string; createdAt: string; value?: number; customerId?: string }): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into leads (id, business_id, lead_source_id, customer_id, name, status, estimated_value_minor, converted_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, business.id, lead.source ?? null, lead.customerId ?? null, lead.name, lead.status, lead.value ?? null, lead.status === 'converted' ? lead.createdAt : null, lead.createdAt, lead.createdAt],
  );
  return id;
}

describe('workspace: leads and lead sources', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    ids.ads = await addSource(business, 'Google Ads');
    ids.referral = await addSource(business, 'Referral');
    ids.empty = await addSource(business, 'Yelp');
    ids.foreignSource = await addSource(other, 'Google Ads');
    ids.customer = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [ids.customer, business.id, 'Converted Person']);
    ids.a = await addLead(business, { name: 'Ann', status: 'new', source: ids.ads, createdAt: '2026-11-01T10:00:00Z', value: 50_000 });
    ids.b = await addLead(business, { name: 'Ben', status: 'converted', source: ids.ads, createdAt: '2026-11-02T10:00:00Z', customerId: ids.customer });
    ids.c = await addLead(business, { name: 'Cat', status: 'lost', source: ids.ads, createdAt: '2026-11-03T10:00:00Z' });
    ids.d = await addLead(business, { name: 'Dan', status: 'converted', source: ids.referral, createdAt: '2026-11-04T10:00:00Z' });
    ids.e = await addLead(business, { name: 'Eve', status: 'new', createdAt: '2026-11-04T10:00:00Z' });
    ids.foreign = await addLead(other, { name: 'Foreign', status: 'new', source: ids.foreignSource, createdAt: '2026-11-05T10:00:00Z' });
  });

  it('list-leads answers newest first with source and value, and pages without gaps even on equal instants', async () => {
    const caller = tenantCaller(business.id);
    const all = await caller.workspace.leads.listLeads({});
    const tied = [ids.d, ids.e].sort().reverse();
    expect(all.items.map((lead) => lead.id)).to.deep.equal([...tied, ids.c, ids.b, ids.a]);
    expect(all.items.find((lead) => lead.id === ids.a)).to.deep.include({ status: 'new', source: { id: ids.ads, name: 'Google Ads' }, estimated_value_minor: 50_000, currency: 'USD' });
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await caller.workspace.leads.listLeads({ limit: 2, cursor });
      pages.push(...page.items.map((lead) => lead.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(pages).to.deep.equal(all.items.map((lead) => lead.id));
  });

  it('filters by status, source and created_after', async () => {
    const caller = tenantCaller(business.id);
    expect((await caller.workspace.leads.listLeads({ status: 'converted' })).items.map((lead) => lead.id)).to.have.members([ids.b, ids.d]);
    expect((await caller.workspace.leads.listLeads({ source: ids.ads! })).items.map((lead) => lead.id)).to.deep.equal([ids.c, ids.b, ids.a]);
    expect((await caller.workspace.leads.listLeads({ created_after: '2026-11-03T10:00:00Z' })).items).to.have.length(3);
    expect((await caller.workspace.leads.listLeads({ source: ids.foreignSource! })).items).to.deep.equal([]);
    await expectAppError(caller.workspace.leads.listLeads({ created_after: 'yesterday' }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.leads.listLeads({ cursor: 'W10' }), 'VALIDATION_FAILED');
  });

  it('get-lead answers one lead, and not-found for an unknown or foreign id', async () => {
    const caller = tenantCaller(business.id);
    const lead = await caller.workspace.leads.getLead({ lead_id: ids.b! });
    expect(lead).to.deep.include({ name: 'Ben', status: 'converted', customer_id: ids.customer, converted_at: '2026-11-02T10:00:00.000Z' });
    await expectAppError(caller.workspace.leads.getLead({ lead_id: ids.foreign! }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.leads.getLead({ lead_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    await expectAppError(caller.workspace.leads.getLead({ lead_id: 'not-a-uuid' }), 'VALIDATION_FAILED');
  });

  it('list-lead-sources counts leads and conversions per source', async () => {
    const page = await tenantCaller(business.id).workspace.leads.listLeadSources({});
    // Google Ads: 3 leads, 1 converted -> 0.3333; Referral: 1 of 1 -> 1; Yelp: none -> null.
    expect(page.items.map(({ name, lead_count, converted_count, conversion_rate }) => ({ name, lead_count, converted_count, conversion_rate }))).to.deep.equal([
      { name: 'Google Ads', lead_count: 3, converted_count: 1, conversion_rate: 0.3333 },
      { name: 'Referral', lead_count: 1, converted_count: 1, conversion_rate: 1 },
      { name: 'Yelp', lead_count: 0, converted_count: 0, conversion_rate: null },
    ]);
  });
});
