import { expect } from 'chai';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { sql } from '../helpers/sql.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { accountsCaller, createUser, expectInvalidParameter, uniqueSuffix } from './fixtures.ts';

describe('accounts.createBusiness', () => {
  let caller: SystemCaller;
  before(() => (caller = accountsCaller()));

  it('stores every field and answers the stored business', async () => {
    const suffix = uniqueSuffix();
    const business = await caller.accounts.createBusiness({
      name: `Summit Test ${suffix}`,
      slug: `summit-test-${suffix}`,
      time_zone: 'America/Denver',
      currency: 'EUR',
      email: 'office@summit.example',
      phone: '+1 512 555 0100',
      website_url: 'https://summit.example',
      address: {
        line1: '1 Main St',
        line2: 'Suite 2',
        city: 'Austin',
        region: 'TX',
        postal_code: '78701',
        country: 'US',
      },
      hours: [
        { weekday: 6, opens: '09:00', closes: '13:00' },
        { weekday: 1, opens: '13:00', closes: '24:00' },
        { weekday: 1, opens: '07:30', closes: '12:00' },
      ],
      industries: ['hvac', 'plumbing', 'hvac'],
      service_area: 'Austin and Round Rock',
    });
    expect(business).to.deep.include({
      slug: `summit-test-${suffix}`,
      name: `Summit Test ${suffix}`,
      time_zone: 'America/Denver',
      currency: 'EUR',
      email: 'office@summit.example',
      phone: '+1 512 555 0100',
      website_url: 'https://summit.example',
      service_area: 'Austin and Round Rock',
      owner: null,
    });
    expect(business.address).to.deep.equal({
      line1: '1 Main St',
      line2: 'Suite 2',
      city: 'Austin',
      region: 'TX',
      postal_code: '78701',
      country: 'US',
    });
    // Sorted by weekday then opening time; duplicates of industries dropped.
    expect(business.hours).to.deep.equal([
      { weekday: 1, opens: '07:30', closes: '12:00' },
      { weekday: 1, opens: '13:00', closes: '24:00' },
      { weekday: 6, opens: '09:00', closes: '13:00' },
    ]);
    expect(business.industries).to.deep.equal(['hvac', 'plumbing']);
    const [row] = await sql<Record<string, unknown>>(
      'select slug, time_zone, currency, city, country, hours, industries from businesses where id = ?',
      [business.id],
    );
    expect(row).to.deep.include({
      slug: `summit-test-${suffix}`,
      time_zone: 'America/Denver',
      currency: 'EUR',
      city: 'Austin',
      country: 'US',
    });
    expect(row!.industries).to.deep.equal(['hvac', 'plumbing']);
    expect(row!.hours).to.deep.equal(business.hours);
  });

  it('leaves optional fields empty and derives the slug from the name (accents dropped, symbols to hyphens)', async () => {
    const suffix = uniqueSuffix();
    const business = await caller.accounts.createBusiness({
      name: `Café Ünïcode & Sons, ${suffix}!`,
      time_zone: 'UTC',
      currency: 'JPY',
    });
    expect(business.slug).to.equal(`cafe-unicode-sons-${suffix}`);
    expect(business).to.deep.include({
      email: null,
      phone: null,
      website_url: null,
      service_area: null,
      hours: [],
      industries: [],
      owner: null,
    });
    expect(business.address).to.deep.equal({
      line1: null,
      line2: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
    });
  });

  it('stores the canonical spelling of the time zone', async () => {
    const business = await caller.accounts.createBusiness({
      name: `Zone ${uniqueSuffix()}`,
      time_zone: 'europe/paris',
      currency: 'EUR',
    });
    expect(business.time_zone).to.equal('Europe/Paris');
  });

  it('answers CONFLICT for a slug in use, given or derived', async () => {
    const suffix = uniqueSuffix();
    const first = await caller.accounts.createBusiness({ name: `Harbor ${suffix}`, time_zone: 'UTC', currency: 'USD' });
    expect(first.slug).to.equal(`harbor-${suffix}`);
    const derived = await expectAppError(
      caller.accounts.createBusiness({ name: `HARBOR ${suffix}`, time_zone: 'UTC', currency: 'USD' }),
      'CONFLICT',
    );
    expect(derived.message).to.contain(`"harbor-${suffix}"`);
    await expectAppError(
      caller.accounts.createBusiness({
        name: 'Other name',
        slug: `harbor-${suffix}`,
        time_zone: 'UTC',
        currency: 'USD',
      }),
      'CONFLICT',
    );
  });

  it('adds an existing user as owner, found by e-mail in any case', async () => {
    const owner = await createUser(caller, 'owner');
    const business = await caller.accounts.createBusiness({
      name: `Owned ${uniqueSuffix()}`,
      time_zone: 'UTC',
      currency: 'USD',
      owner_email: owner.email.toUpperCase(),
    });
    expect(business.owner).to.deep.equal({ user_id: owner.id, email: owner.email });
    const rows = await sql<{ user_id: string; role: string }>(
      'select user_id, role from memberships where business_id = ?',
      [business.id],
    );
    expect(rows).to.deep.equal([{ user_id: owner.id, role: 'owner' }]);
  });

  it('answers RESOURCE_NOT_FOUND for an unknown owner and creates nothing', async () => {
    const suffix = uniqueSuffix();
    await expectAppError(
      caller.accounts.createBusiness({
        name: `Orphan ${suffix}`,
        time_zone: 'UTC',
        currency: 'USD',
        owner_email: `nobody-${suffix}@example.test`,
      }),
      'RESOURCE_NOT_FOUND',
    );
    expect(await sql('select id from businesses where slug = ?', [`orphan-${suffix}`])).to.deep.equal([]);
  });

  it('rejects invalid values with VALIDATION_FAILED naming the parameter', async () => {
    const base = { name: `Invalid ${uniqueSuffix()}`, time_zone: 'UTC', currency: 'USD' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ time_zone: '+05:00' }, 'time_zone'],
      [{ currency: 'usd' }, 'currency'],
      [{ currency: 'ABC' }, 'currency'],
      [{ slug: 'Has Capitals' }, 'slug'],
      [{ slug: 'double--hyphen' }, 'slug'],
      [{ slug: '-leading' }, 'slug'],
      [{ slug: '123e4567-e89b-12d3-a456-426614174000' }, 'slug'],
      [{ name: '東京', slug: undefined }, 'slug'],
      [{ name: '' }, 'name'],
      [{ email: 'nope' }, 'email'],
      [{ website_url: 'ftp://example.com' }, 'website_url'],
      [{ address: { country: 'usa' } }, 'address.country'],
      [{ hours: [{ weekday: 8, opens: '09:00', closes: '10:00' }] }, 'hours.0.weekday'],
      [{ hours: [{ weekday: 1, opens: '9:00', closes: '10:00' }] }, 'hours.0.opens'],
      [{ hours: [{ weekday: 1, opens: '10:00', closes: '09:00' }] }, 'hours.0'],
      [
        {
          hours: [
            { weekday: 2, opens: '08:00', closes: '12:00' },
            { weekday: 2, opens: '11:00', closes: '15:00' },
          ],
        },
        'hours.1',
      ],
      [{ industries: ['x'.repeat(51)] }, 'industries.0'],
    ];
    for (const [override, parameter] of cases) {
      await expectInvalidParameter(caller.accounts.createBusiness({ ...base, ...override } as never), parameter);
    }
  });
});
