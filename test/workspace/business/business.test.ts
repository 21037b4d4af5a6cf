import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function addTag(business: TestBusiness, name: string, color: string | null = null): Promise<string> {
  const id = randomUUID();
  await sql('insert into tags (id, business_id, name, color) values (?, ?, ?, ?)', [id, business.id, name, color]);
  return id;
}

async function addCustomer(business: TestBusiness, tagIds: string[]): Promise<void> {
  const id = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [
    id,
    business.id,
    `Customer ${id.slice(0, 6)}`,
  ]);
  for (const tagId of tagIds)
    await sql('insert into customer_tags (business_id, customer_id, tag_id) values (?, ?, ?)', [
      business.id,
      id,
      tagId,
    ]);
}

async function addTaxRate(
  business: TestBusiness,
  name: string,
  basisPoints: number,
  fields: { isDefault?: boolean; active?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into tax_rates (id, business_id, name, rate_basis_points, is_default, active) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, name, basisPoints, fields.isDefault ?? false, fields.active ?? true],
  );
  return id;
}

const forgedCursor = Buffer.from(JSON.stringify([1, 2, 3])).toString('base64url');

describe('workspace: business profile, tags and tax rates', () => {
  let business: TestBusiness;
  let other: TestBusiness;

  before(async () => {
    business = await createTestBusiness({ name: 'Profile Test Co', timeZone: 'America/Denver', currency: 'USD' });
    other = await createTestBusiness({ name: 'Other Co', timeZone: 'Europe/Berlin', currency: 'EUR' });
  });

  describe('get-business-profile', () => {
    let zones: Record<string, string>;

    before(async () => {
      await sql(
        `update businesses set email = 'hi@profile.example', phone = '(303) 555-0100', website_url = 'https://profile.example', address_line1 = '1 Main St',
           city = 'Denver', region = 'CO', postal_code = '80202', country = 'US', hours = ?::jsonb, industries = '{hvac,plumbing}', service_area = 'Denver metro'
         where id = ?`,
        [
          JSON.stringify([
            { weekday: 1, opens: '08:00', closes: '17:00' },
            { weekday: 6, opens: '09:00', closes: '12:00' },
          ]),
          business.id,
        ],
      );
      zones = { downtown: randomUUID(), aurora: randomUUID() };
      await sql('insert into service_zones (id, business_id, name, postal_codes) values (?, ?, ?, ?)', [
        zones.downtown,
        business.id,
        'Downtown',
        '{80202}',
      ]);
      await sql('insert into service_zones (id, business_id, name, postal_codes) values (?, ?, ?, ?)', [
        zones.aurora,
        business.id,
        'Aurora',
        '{80010}',
      ]);
      await sql('insert into service_zones (id, business_id, name, postal_codes) values (?, ?, ?, ?)', [
        randomUUID(),
        other.id,
        'Elsewhere',
        '{10001}',
      ]);
    });

    it("answers the caller's business with its service zones by name", async () => {
      const profile = await tenantCaller(business.id).workspace.business.getBusinessProfile({});
      expect(profile).to.deep.equal({
        id: business.id,
        name: 'Profile Test Co',
        slug: business.slug,
        contact: { email: 'hi@profile.example', phone: '(303) 555-0100', website_url: 'https://profile.example' },
        address: { line1: '1 Main St', line2: null, city: 'Denver', region: 'CO', postal_code: '80202', country: 'US' },
        hours: [
          { weekday: 1, opens: '08:00', closes: '17:00' },
          { weekday: 6, opens: '09:00', closes: '12:00' },
        ],
        industries: ['hvac', 'plumbing'],
        service_area: 'Denver metro',
        service_zones: [
          { id: zones.aurora, name: 'Aurora' },
          { id: zones.downtown, name: 'Downtown' },
        ],
        currency: 'USD',
        time_zone: 'America/Denver',
      });
    });

    it('answers another caller its own business only, with empty defaults', async () => {
      expect(await tenantCaller(other.id).workspace.business.getBusinessProfile({})).to.deep.include({
        id: other.id,
        name: 'Other Co',
        contact: { email: null, phone: null, website_url: null },
        hours: [],
        industries: [],
        service_area: null,
        currency: 'EUR',
        time_zone: 'Europe/Berlin',
      });
      expect(
        (await tenantCaller(other.id).workspace.business.getBusinessProfile({})).service_zones.map((zone) => zone.name),
      ).to.deep.equal(['Elsewhere']);
    });

    it('is not found once the business is gone', async () => {
      const gone = await createTestBusiness();
      await sql('delete from businesses where id = ?', [gone.id]);
      await expectAppError(tenantCaller(gone.id).workspace.business.getBusinessProfile({}), 'RESOURCE_NOT_FOUND');
    });
  });

  describe('list-tags', () => {
    const tags: Record<string, string> = {};

    before(async () => {
      tags.vip = await addTag(business, 'VIP', '#ff0000');
      tags.commercial = await addTag(business, 'Commercial');
      tags.unused = await addTag(business, 'Unused');
      tags.lower = await addTag(business, 'annual plan');
      const foreign = await addTag(other, 'VIP');
      // VIP: 2 customers here (the other business's VIP customer does not count); Commercial: 1; Unused and annual plan: 0.
      await addCustomer(business, [tags.vip!, tags.commercial!]);
      await addCustomer(business, [tags.vip!]);
      await addCustomer(other, [foreign]);
      await addCustomer(other, [foreign]);
      await addCustomer(other, [foreign]);
    });

    const expected = () => [
      { id: tags.commercial, name: 'Commercial', color: null, customer_count: 1 },
      { id: tags.unused, name: 'Unused', color: null, customer_count: 0 },
      { id: tags.vip, name: 'VIP', color: '#ff0000', customer_count: 2 },
      // Byte order: lowercase after uppercase.
      { id: tags.lower, name: 'annual plan', color: null, customer_count: 0 },
    ];

    it("counts each tag's customers in this business only, by name", async () => {
      expect(await tenantCaller(business.id).workspace.business.listTags({})).to.deep.equal({
        items: expected(),
        next_cursor: null,
      });
      expect(
        (await tenantCaller(other.id).workspace.business.listTags({})).items.map((tag) => [
          tag.name,
          tag.customer_count,
        ]),
      ).to.deep.equal([['VIP', 3]]);
    });

    it('pages without duplicates or gaps', async () => {
      const caller = tenantCaller(business.id);
      const first = await caller.workspace.business.listTags({ limit: 3 });
      expect(first.items).to.deep.equal(expected().slice(0, 3));
      const second = await caller.workspace.business.listTags({ limit: 3, cursor: first.next_cursor! });
      expect(second).to.deep.equal({ items: expected().slice(3), next_cursor: null });
    });

    it('refuses forged cursors and bad limits', async () => {
      const caller = tenantCaller(business.id);
      await expectAppError(caller.workspace.business.listTags({ cursor: forgedCursor }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.business.listTags({
          cursor: Buffer.from(JSON.stringify(['a\u0000', randomUUID()])).toString('base64url'),
        }),
        'VALIDATION_FAILED',
      );
      await expectAppError(caller.workspace.business.listTags({ limit: 0 }), 'VALIDATION_FAILED');
    });
  });

  describe('list-tax-rates', () => {
    const rates: Record<string, string> = {};

    before(async () => {
      rates.colorado = await addTaxRate(business, 'Colorado', 881, { isDefault: true });
      rates.old = await addTaxRate(business, 'Old rate', 50, { active: false });
      rates.exempt = await addTaxRate(business, 'Exempt', 0);
      rates.ten = await addTaxRate(business, 'Ten', 1000);
      rates.full = await addTaxRate(business, 'Whole', 10_000);
      rates.eighty = await addTaxRate(business, 'Denver', 880);
      await addTaxRate(other, 'Foreign', 700, { isDefault: true });
    });

    const expected = () => [
      {
        id: rates.colorado,
        name: 'Colorado',
        rate_basis_points: 881,
        rate_percent: '8.81',
        is_default: true,
        active: true,
      },
      {
        id: rates.eighty,
        name: 'Denver',
        rate_basis_points: 880,
        rate_percent: '8.8',
        is_default: false,
        active: true,
      },
      { id: rates.exempt, name: 'Exempt', rate_basis_points: 0, rate_percent: '0', is_default: false, active: true },
      { id: rates.old, name: 'Old rate', rate_basis_points: 50, rate_percent: '0.5', is_default: false, active: false },
      { id: rates.ten, name: 'Ten', rate_basis_points: 1000, rate_percent: '10', is_default: false, active: true },
      {
        id: rates.full,
        name: 'Whole',
        rate_basis_points: 10_000,
        rate_percent: '100',
        is_default: false,
        active: true,
      },
    ];

    it('shows active and inactive rates with the default flagged, as basis points and percent', async () => {
      expect(await tenantCaller(business.id).workspace.business.listTaxRates({})).to.deep.equal({
        items: expected(),
        next_cursor: null,
      });
      expect(
        (await tenantCaller(other.id).workspace.business.listTaxRates({})).items.map((rate) => rate.name),
      ).to.deep.equal(['Foreign']);
    });

    it('pages without duplicates or gaps and refuses forged cursors', async () => {
      const caller = tenantCaller(business.id);
      const seen = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await caller.workspace.business.listTaxRates({ limit: 4, cursor });
        seen.push(...page.items);
        cursor = page.next_cursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).to.equal(2);
      expect(seen).to.deep.equal(expected());
      await expectAppError(caller.workspace.business.listTaxRates({ cursor: forgedCursor }), 'VALIDATION_FAILED');
    });
  });

  it('needs a principal with read access', async () => {
    await expectAppError(
      tenantCaller(business.id, { scopes: ['webhooks:manage'] }).workspace.business.listTags({}),
      'INSUFFICIENT_SCOPE',
    );
    await expectAppError(
      tenantCaller(business.id, { principal: { kind: 'anonymous' } }).workspace.business.getBusinessProfile({}),
      'UNAUTHORIZED',
    );
    // Mocha runs this before the nested suites: no rates exist yet, but the read is allowed.
    expect(await tenantCaller(business.id, { scopes: ['mcp:read'] }).workspace.business.listTaxRates({})).to.deep.equal(
      { items: [], next_cursor: null },
    );
  });
});
