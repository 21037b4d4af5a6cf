import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function sql(text: string, params: unknown[]): Promise<void> {
  await fixtureEm().getConnection().execute(text, params);
}

async function addTag(business: TestBusiness, name: string, color: string | null = null): Promise<string> {
  const id = randomUUID();
  await sql('insert into tags (id, business_id, name, color) values (?, ?, ?, ?)', [id, business.id, name, color]);
  return id;
}

async function addCustomer(business: TestBusiness, tagIds: string[]): Promise<void> {
  const id = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [id, business.id, `Customer ${id.slice(0, 6)}`]);
  for (const tagId of tagIds) await sql('insert into customer_tags (business_id, customer_id, tag_id) values (?, ?, ?)', [business.id, id, tagId]);
}

describe('workspace: business profile, tags and tax rates', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  let zoneId: string;

  before(async () => {
    business = await createTestBusiness({ name: 'Profile Test Co', timeZone: 'America/Denver', currency: 'USD' });
    other = await createTestBusiness({ name: 'Other Co' });
    await sql(
      `update businesses set email = 'hi@profile.example', phone = '(303) 555-0100', website_url = 'https://profile.example', address_line1 = '1 Main St',
         city = 'Denver', region = 'CO', postal_code = '80202', country = 'US', hours = ?::jsonb, industries = '{hvac,plumbing}', service_area = 'Denver metro'
       where id = ?`,
      [JSON.stringify([{ weekday: 1, opens: '08:00', closes: '17:00' }]), business.id],
    );
    zoneId = randomUUID();
    await sql('insert into service_zones (id, business_id, name, postal_codes) values (?, ?, ?, ?)', [zoneId, business.id, 'Downtown', '{80202}']);
    await sql('insert into service_zones (id, business_id, name, postal_codes) values (?, ?, ?, ?)', [randomUUID(), other.id, 'Elsewhere', '{10001}']);
  });

  it('get-business-profile answers the caller\'s business and only it', async () => {
    const profile = await tenantCaller(business.id).workspace.business.getBusinessProfile({});
    expect(profile).to.deep.equal({
      id: business.id,
      name: 'Profile Test Co',
      slug: business.slug,
      contact: { email: 'hi@profile.example', phone: '(303) 555-0100', website_url: 'https://profile.example' },
      address: { line1: '1 Main St', line2: null, city: 'Denver', region: 'CO', postal_code: '80202', country: 'US' },
      hours: [{ weekday: 1, opens: '08:00', closes: '17:00' }],
      industries: ['hvac', 'plumbing'],
      service_area: 'Denver metro',
      service_zones: [{ id: zoneId, name: 'Downtown' }],
      currency: 'USD',
      time_zone: 'America/Denver',
    });
    expect((await tenantCaller(other.id).workspace.business.getBusinessProfile({})).name).to.equal('Other Co');
  });

  it('list-tags counts each tag\'s customers, by name, across pages', async () => {
    const vip = await addTag(business, 'VIP', '#ff0000');
    const commercial = await addTag(business, 'Commercial');
    const unused = await addTag(business, 'Unused');
    const foreign = await addTag(other, 'VIP');
    await addCustomer(business, [vip, commercial]);
    await addCustomer(business, [vip]);
    await addCustomer(other, [foreign]);
    const caller = tenantCaller(business.id);
    const first = await caller.workspace.business.listTags({ limit: 2 });
    expect(first.items).to.deep.equal([
      { id: commercial, name: 'Commercial', color: null, customer_count: 1 },
      { id: unused, name: 'Unused', color: null, customer_count: 0 },
    ]);
    const second = await caller.workspace.business.listTags({ limit: 2, cursor: first.next_cursor! });
    expect(second).to.deep.equal({ items: [{ id: vip, name: 'VIP', color: '#ff0000', customer_count: 2 }], next_cursor: null });
    await expectAppError(caller.workspace.business.listTags({ cursor: 'bm90LWEtY3Vyc29y' }), 'VALIDATION_FAILED');
  });

  it('list-tax-rates shows active and inactive rates with the default flagged, as basis points and percent', async () => {
    const standard = randomUUID();
    const reduced = randomUUID();
    await sql('insert into tax_rates (id, business_id, name, rate_basis_points, is_default, active) values (?, ?, ?, ?, ?, ?)', [standard, business.id, 'Colorado', 881, true, true]);
    await sql('insert into tax_rates (id, business_id, name, rate_basis_points, is_default, active) values (?, ?, ?, ?, ?, ?)', [reduced, business.id, 'Old rate', 50, false, false]);
    await sql('insert into tax_rates (id, business_id, name, rate_basis_points) values (?, ?, ?, ?)', [randomUUID(), other.id, 'Foreign', 700]);
    const page = await tenantCaller(business.id).workspace.business.listTaxRates({});
    expect(page).to.deep.equal({
      items: [
        { id: standard, name: 'Colorado', rate_basis_points: 881, rate_percent: '8.81', is_default: true, active: true },
        { id: reduced, name: 'Old rate', rate_basis_points: 50, rate_percent: '0.5', is_default: false, active: false },
      ],
      next_cursor: null,
    });
    const one = await tenantCaller(business.id).workspace.business.listTaxRates({ limit: 1 });
    expect((await tenantCaller(business.id).workspace.business.listTaxRates({ limit: 1, cursor: one.next_cursor! })).items.map((rate) => rate.id)).to.deep.equal([reduced]);
  });

  it('needs a principal with read access', async () => {
    await expectAppError(tenantCaller(business.id, { scopes: ['webhooks:manage'] }).workspace.business.listTags({}), 'INSUFFICIENT_SCOPE');
    await expectAppError(tenantCaller(business.id, { principal: { kind: 'anonymous' } }).workspace.business.getBusinessProfile({}), 'UNAUTHORIZED');
  });
});
