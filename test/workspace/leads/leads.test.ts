import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { encodeCursor } from '../../../core/services/workspace/cursor.ts';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function addSource(business: TestBusiness, name: string, channel: string | null): Promise<string> {
  const id = randomUUID();
  await sql('insert into lead_sources (id, business_id, name, channel) values (?, ?, ?, ?)', [
    id,
    business.id,
    name,
    channel,
  ]);
  return id;
}

interface LeadFixture {
  name: string;
  status: string;
  source?: string;
  createdAt: string;
  value?: number;
  customerId?: string;
  convertedAt?: string;
  id?: string;
}

async function addLead(business: TestBusiness, lead: LeadFixture): Promise<string> {
  const id = lead.id ?? randomUUID();
  await sql(
    `insert into leads (id, business_id, lead_source_id, customer_id, name, status, estimated_value_minor, converted_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      business.id,
      lead.source ?? null,
      lead.customerId ?? null,
      lead.name,
      lead.status,
      lead.value ?? null,
      lead.convertedAt ?? null,
      lead.createdAt,
      lead.createdAt,
    ],
  );
  return id;
}

const byIdDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

describe('workspace: leads and lead sources', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  /** Every lead of the business, newest first (created_at desc, id desc), worked out by hand below. */
  let allInOrder: string[];

  before(async () => {
    business = await createTestBusiness({ currency: 'USD' });
    other = await createTestBusiness({ currency: 'EUR' });
    // Listed by name ignoring case: Angi, Google Ads, Referral, website, Yelp.
    ids.ads = await addSource(business, 'Google Ads', 'ads');
    ids.referral = await addSource(business, 'Referral', 'referral');
    ids.yelp = await addSource(business, 'Yelp', 'directory');
    ids.angi = await addSource(business, 'Angi', 'directory');
    ids.website = await addSource(business, 'website', null);
    ids.foreignSource = await addSource(other, 'Google Ads', 'ads');
    ids.customer = randomUUID();
    ids.matched = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?), (?, ?, ?)', [
      ids.customer,
      business.id,
      'Ben Baker',
      ids.matched,
      business.id,
      'Wes Matched',
    ]);

    // Google Ads: 3 leads, 1 converted -> 1/3 = 0.3333.
    ids.ann = await addLead(business, {
      name: 'Ann',
      status: 'new',
      source: ids.ads,
      createdAt: '2026-11-01T10:00:00Z',
      value: 50_000,
    });
    ids.ben = await addLead(business, {
      name: 'Ben',
      status: 'converted',
      source: ids.ads,
      createdAt: '2026-11-02T10:00:00Z',
      value: 125_050,
      customerId: ids.customer,
      convertedAt: '2026-11-05T16:30:00Z',
    });
    ids.cat = await addLead(business, {
      name: 'Cat',
      status: 'lost',
      source: ids.ads,
      createdAt: '2026-11-03T10:00:00Z',
    });
    // Referral: 1 lead, converted -> 1/1 = 1. Created at the same instant as Eve (no source): ordered by id.
    ids.dan = await addLead(business, {
      name: 'Dan',
      status: 'converted',
      source: ids.referral,
      createdAt: '2026-11-04T10:00:00Z',
      convertedAt: '2026-11-04T12:00:00Z',
    });
    ids.eve = await addLead(business, { name: 'Eve', status: 'new', createdAt: '2026-11-04T10:00:00Z' });
    // Angi: 3 leads, 2 converted -> 2/3 = 0.6667.
    ids.angi1 = await addLead(business, {
      name: 'Angi 1',
      status: 'converted',
      source: ids.angi,
      createdAt: '2026-11-05T09:00:00Z',
    });
    ids.angi2 = await addLead(business, {
      name: 'Angi 2',
      status: 'converted',
      source: ids.angi,
      createdAt: '2026-11-05T10:00:00Z',
    });
    ids.angi3 = await addLead(business, {
      name: 'Angi 3',
      status: 'contacted',
      source: ids.angi,
      createdAt: '2026-11-05T11:00:00Z',
    });
    // website: 7 leads, 1 converted -> 1/7 = 0.142857... -> 0.1429. Wes is matched to a customer but not converted: not counted.
    // Two of them in the same millisecond, 800 microseconds apart.
    ids.web1 = await addLead(business, {
      name: 'Web 1',
      status: 'converted',
      source: ids.website,
      createdAt: '2026-11-06T12:00:00.000100Z',
    });
    ids.web2 = await addLead(business, {
      name: 'Web 2',
      status: 'new',
      source: ids.website,
      createdAt: '2026-11-06T12:00:00.000900Z',
    });
    ids.wes = await addLead(business, {
      name: 'Wes',
      status: 'qualified',
      source: ids.website,
      createdAt: '2026-11-07T10:00:00Z',
      customerId: ids.matched,
    });
    ids.web4 = await addLead(business, {
      name: 'Web 4',
      status: 'lost',
      source: ids.website,
      createdAt: '2026-11-08T10:00:00Z',
    });
    ids.web5 = await addLead(business, {
      name: 'Web 5',
      status: 'new',
      source: ids.website,
      createdAt: '2026-11-09T10:00:00Z',
    });
    ids.web6 = await addLead(business, {
      name: 'Web 6',
      status: 'contacted',
      source: ids.website,
      createdAt: '2026-11-10T10:00:00Z',
    });
    ids.web7 = await addLead(business, {
      name: 'Web 7',
      status: 'new',
      source: ids.website,
      createdAt: '2026-11-11T10:00:00Z',
    });
    // Yelp: no leads -> null.
    const tied = [ids.dan, ids.eve].sort(byIdDesc);
    allInOrder = [
      ids.web7,
      ids.web6,
      ids.web5,
      ids.web4,
      ids.wes,
      ids.web2,
      ids.web1,
      ids.angi3,
      ids.angi2,
      ids.angi1,
      ...tied,
      ids.cat,
      ids.ben,
      ids.ann,
    ];

    // The other business: a source of the same name with 2 converted leads, and an unsourced lead inside our date range.
    ids.foreign = await addLead(other, {
      name: 'Foreign',
      status: 'converted',
      source: ids.foreignSource,
      createdAt: '2026-11-05T10:30:00Z',
    });
    await addLead(other, {
      name: 'Foreign 2',
      status: 'converted',
      source: ids.foreignSource,
      createdAt: '2026-11-06T10:30:00Z',
    });
    await addLead(other, { name: 'Foreign 3', status: 'new', createdAt: '2026-11-04T10:00:00Z' });
  });

  describe('list-leads', () => {
    it('lists every lead newest first with its source, value and currency', async () => {
      const page = await tenantCaller(business.id).workspace.leads.listLeads({ limit: 100 });
      expect(page.items.map((lead) => lead.id)).to.deep.equal(allInOrder);
      expect(page.next_cursor).to.equal(null);
      expect(page.items.find((lead) => lead.id === ids.ann)).to.deep.equal({
        id: ids.ann,
        name: 'Ann',
        email: null,
        phone: null,
        description: null,
        status: 'new',
        source: { id: ids.ads, name: 'Google Ads' },
        estimated_value_minor: 50_000,
        currency: 'USD',
        customer_id: null,
        converted_at: null,
        created_at: '2026-11-01T10:00:00.000Z',
      });
      expect(page.items.find((lead) => lead.id === ids.eve)).to.deep.include({
        source: null,
        estimated_value_minor: null,
      });
    });

    it('pages without gaps or repeats, across equal instants and within one millisecond', async () => {
      const caller = tenantCaller(business.id);
      // The default page is 25: all 15 fit.
      expect((await caller.workspace.leads.listLeads({})).items).to.have.length(15);
      for (const limit of [1, 4, 7]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await caller.workspace.leads.listLeads({ limit, cursor });
          seen.push(...page.items.map((lead) => lead.id));
          cursor = page.next_cursor ?? undefined;
          pages += 1;
        } while (cursor);
        expect(seen, `limit ${limit}`).to.deep.equal(allInOrder);
        expect(pages).to.equal(Math.ceil(15 / limit));
      }
    });

    it('filters by status, source and created_after (inclusive), and combines them', async () => {
      const caller = tenantCaller(business.id);
      const list = async (input: Parameters<typeof caller.workspace.leads.listLeads>[0]) =>
        (await caller.workspace.leads.listLeads(input)).items.map((lead) => lead.id);
      expect(await list({ status: 'converted' })).to.deep.equal([ids.web1, ids.angi2, ids.angi1, ids.dan, ids.ben]);
      expect(await list({ status: 'lost' })).to.deep.equal([ids.web4, ids.cat]);
      expect(await list({ status: 'qualified' })).to.deep.equal([ids.wes]);
      expect(await list({ source: ids.ads! })).to.deep.equal([ids.cat, ids.ben, ids.ann]);
      expect(await list({ source: ids.yelp! })).to.deep.equal([]);
      // At 10:00 on the 4th exactly: Dan and Eve are included.
      expect(await list({ created_after: '2026-11-04T10:00:00Z' })).to.deep.equal(allInOrder.slice(0, 12));
      // The same instant written in another offset.
      expect(await list({ created_after: '2026-11-04T04:00:00-06:00' })).to.deep.equal(allInOrder.slice(0, 12));
      expect(await list({ created_after: '2026-11-04T10:00:00.001Z' })).to.deep.equal(allInOrder.slice(0, 10));
      // Instants PostgreSQL cannot store (year 0000, a +23:59 offset) still answer, as the earliest or the same instant.
      expect(await list({ created_after: '0000-01-01T00:00:00Z' })).to.deep.equal(allInOrder);
      expect(await list({ created_after: '2026-11-05T09:59:00+23:59' })).to.deep.equal(allInOrder.slice(0, 12));
      expect(await list({ status: 'new', source: ids.website! })).to.deep.equal([ids.web7, ids.web5, ids.web2]);
      expect(await list({ status: 'new', source: ids.website!, created_after: '2026-11-09T00:00:00Z' })).to.deep.equal([
        ids.web7,
        ids.web5,
      ]);
      expect(await list({ status: 'converted', created_after: '2026-11-05T09:30:00Z' })).to.deep.equal([
        ids.web1,
        ids.angi2,
      ]);
    });

    it('refuses unknown or foreign sources, bad values and forged cursors; never shows the other business', async () => {
      const caller = tenantCaller(business.id);
      const foreign = await expectAppError(
        caller.workspace.leads.listLeads({ source: ids.foreignSource! }),
        'RESOURCE_NOT_FOUND',
      );
      expect(foreign.message).to.equal(`No lead source with id ${ids.foreignSource} in this business.`);
      await expectAppError(caller.workspace.leads.listLeads({ source: randomUUID() }), 'RESOURCE_NOT_FOUND');
      await expectAppError(caller.workspace.leads.listLeads({ source: 'Google Ads' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.leads.listLeads({ status: 'won' as never }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.leads.listLeads({ created_after: 'yesterday' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.leads.listLeads({ created_after: '2026-11-04T10:00:00' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(caller.workspace.leads.listLeads({ cursor: 'W10' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.leads.listLeads({ cursor: encodeCursor(['2026-11-04T10:00:00.000Z', randomUUID()]) }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.leads.listLeads({ cursor: encodeCursor(['0000-01-01T00:00:00.000000Z', randomUUID()]) }),
        'VALIDATION_FAILED',
      );
      await expectAppError(caller.workspace.leads.listLeads({ limit: 101 }), 'VALIDATION_FAILED');
      const theirs = await tenantCaller(other.id).workspace.leads.listLeads({ source: ids.foreignSource! });
      expect(theirs.items.map((lead) => [lead.name, lead.currency])).to.deep.equal([
        ['Foreign 2', 'EUR'],
        ['Foreign', 'EUR'],
      ]);
    });
  });

  describe('get-lead', () => {
    it('answers one lead with its source and converted customer', async () => {
      const caller = tenantCaller(business.id);
      expect(await caller.workspace.leads.getLead({ lead_id: ids.ben! })).to.deep.equal({
        id: ids.ben,
        name: 'Ben',
        email: null,
        phone: null,
        description: null,
        status: 'converted',
        source: { id: ids.ads, name: 'Google Ads' },
        estimated_value_minor: 125_050,
        currency: 'USD',
        customer_id: ids.customer,
        converted_at: '2026-11-05T16:30:00.000Z',
        created_at: '2026-11-02T10:00:00.000Z',
      });
      expect(await caller.workspace.leads.getLead({ lead_id: ids.eve! })).to.deep.include({
        source: null,
        customer_id: null,
        converted_at: null,
      });
      expect(await caller.workspace.leads.getLead({ lead_id: ids.wes! })).to.deep.include({
        status: 'qualified',
        customer_id: ids.matched,
        converted_at: null,
      });
    });

    it('answers not found for an unknown id or one of another business, and refuses a malformed id', async () => {
      const caller = tenantCaller(business.id);
      const foreign = await expectAppError(
        caller.workspace.leads.getLead({ lead_id: ids.foreign! }),
        'RESOURCE_NOT_FOUND',
      );
      expect(foreign.message).to.equal(`No lead with id ${ids.foreign} in this business.`);
      await expectAppError(caller.workspace.leads.getLead({ lead_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
      await expectAppError(caller.workspace.leads.getLead({ lead_id: 'not-a-uuid' }), 'VALIDATION_FAILED');
      expect((await tenantCaller(other.id).workspace.leads.getLead({ lead_id: ids.foreign! })).name).to.equal(
        'Foreign',
      );
    });
  });

  describe('list-lead-sources', () => {
    it('counts leads and conversions per source, by name in any letter case', async () => {
      const page = await tenantCaller(business.id).workspace.leads.listLeadSources({});
      expect(page).to.deep.equal({
        items: [
          // 2 of 3 converted: 0.666... -> 0.6667.
          {
            id: ids.angi,
            name: 'Angi',
            channel: 'directory',
            lead_count: 3,
            converted_count: 2,
            conversion_rate: 0.6667,
          },
          // 1 of 3 (Ben; Ann is new, Cat lost): 0.333... -> 0.3333. The other business's 2 converted leads of its own "Google Ads" do not count.
          {
            id: ids.ads,
            name: 'Google Ads',
            channel: 'ads',
            lead_count: 3,
            converted_count: 1,
            conversion_rate: 0.3333,
          },
          {
            id: ids.referral,
            name: 'Referral',
            channel: 'referral',
            lead_count: 1,
            converted_count: 1,
            conversion_rate: 1,
          },
          // 1 of 7 (Wes is matched to a customer but qualified, not converted): 0.142857... -> 0.1429.
          {
            id: ids.website,
            name: 'website',
            channel: null,
            lead_count: 7,
            converted_count: 1,
            conversion_rate: 0.1429,
          },
          {
            id: ids.yelp,
            name: 'Yelp',
            channel: 'directory',
            lead_count: 0,
            converted_count: 0,
            conversion_rate: null,
          },
        ],
        next_cursor: null,
      });
    });

    it('pages by name and refuses forged cursors; the other business sees only its own', async () => {
      const caller = tenantCaller(business.id);
      const first = await caller.workspace.leads.listLeadSources({ limit: 2 });
      expect(first.items.map((source) => source.name)).to.deep.equal(['Angi', 'Google Ads']);
      const second = await caller.workspace.leads.listLeadSources({ limit: 2, cursor: first.next_cursor! });
      expect(second.items.map((source) => source.name)).to.deep.equal(['Referral', 'website']);
      const third = await caller.workspace.leads.listLeadSources({ limit: 2, cursor: second.next_cursor! });
      expect(third).to.deep.equal({ items: [third.items[0]], next_cursor: null });
      expect(third.items[0]!.name).to.equal('Yelp');
      await expectAppError(caller.workspace.leads.listLeadSources({ cursor: 'W10' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.leads.listLeadSources({ cursor: encodeCursor(['', randomUUID()]) }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.leads.listLeadSources({ cursor: encodeCursor([1, randomUUID()]) }),
        'VALIDATION_FAILED',
      );
      const theirs = await tenantCaller(other.id).workspace.leads.listLeadSources({});
      expect(theirs.items).to.deep.equal([
        {
          id: ids.foreignSource,
          name: 'Google Ads',
          channel: 'ads',
          lead_count: 2,
          converted_count: 2,
          conversion_rate: 1,
        },
      ]);
    });
  });
});
