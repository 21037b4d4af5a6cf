import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { encodeCursor } from '../../../core/services/workspace/cursor.ts';
import { sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type TestBusiness,
} from '../../helpers/workspace.ts';

async function addCustomer(business: TestBusiness, name: string): Promise<string> {
  const id = randomUUID();
  await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [id, business.id, name]);
  return id;
}

async function addProperty(
  business: TestBusiness,
  customerId: string,
  city: string,
  postal: string,
  createdAt: string,
  id = randomUUID(),
): Promise<string> {
  await sql(
    'insert into properties (id, business_id, customer_id, address_line1, city, postal_code, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    [id, business.id, customerId, '1 Elm St', city, postal, createdAt, createdAt],
  );
  return id;
}

async function addEquipment(
  business: TestBusiness,
  propertyId: string,
  type: string,
  fields: { make?: string; model?: string; serial?: string; installed?: string; warranty?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into equipment (id, business_id, property_id, equipment_type, make, model, serial_number, installed_on, warranty_expires_on) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      propertyId,
      type,
      fields.make ?? null,
      fields.model ?? null,
      fields.serial ?? null,
      fields.installed ?? null,
      fields.warranty ?? null,
    ],
  );
  return id;
}

async function addJob(
  business: TestBusiness,
  job: { number: number; customerId: string; propertyId: string | null; status: string; completedAt?: string },
): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into jobs (id, business_id, number, customer_id, property_id, title, status, completed_at, currency) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      job.number,
      job.customerId,
      job.propertyId,
      `Job ${job.number}`,
      job.status,
      job.completedAt ?? null,
      'USD',
    ],
  );
  return id;
}

async function addVisit(business: TestBusiness, jobId: string, start: string, status: string): Promise<string> {
  const id = randomUUID();
  const end = new Date(new Date(start).getTime() + 3_600_000).toISOString();
  await sql(
    'insert into visits (id, business_id, job_id, scheduled_start, scheduled_end, status) values (?, ?, ?, ?, ?, ?)',
    [id, business.id, jobId, start, end, status],
  );
  return id;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('workspace: properties and equipment', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  // 03:00 UTC on the 21st is 21:00 on the 20th in Chicago (CST, UTC-6): "today" is 2026-11-20 for the business.
  const now = '2026-11-21T03:00:00Z';
  const clock = fixedClock(now);
  /** Every property of the business in list order (created_at, id), worked out by hand below. */
  let allInOrder: string[];

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago' });
    other = await createTestBusiness({ timeZone: 'America/Chicago' });
    ids.alice = await addCustomer(business, 'Alice');
    ids.bob = await addCustomer(business, 'Bob');
    ids.foreignCustomer = await addCustomer(other, 'Alice');

    ids.home = randomUUID();
    await sql(
      `insert into properties (id, business_id, customer_id, name, address_line1, address_line2, city, region, postal_code, country, latitude, longitude, notes, created_at, updated_at)
       values (?, ?, ?, 'Main house', '1 Elm St', 'Unit 2', 'Austin', 'TX', '78701', 'US', 30.2672, -97.7431, 'Gate code 1234', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
      [ids.home, business.id, ids.alice],
    );
    ids.cabin = await addProperty(business, ids.alice, 'Round Rock', '78664', '2026-02-01T00:00:00Z');
    ids.shop = await addProperty(business, ids.bob, 'austin', '78704', '2026-03-01T00:00:00Z');
    // Two properties created at the same instant (ordered by id) and a third in the same millisecond
    // but a later microsecond: a millisecond cursor would skip or repeat one of them.
    const tied = [randomUUID(), randomUUID()].sort(byId);
    ids.tiedFirst = await addProperty(business, ids.bob, 'AUSTIN', '78701', '2026-04-01T00:00:00.000100Z', tied[0]);
    ids.tiedSecond = await addProperty(business, ids.bob, 'Austin', '78701', '2026-04-01T00:00:00.000100Z', tied[1]);
    ids.lastMicro = await addProperty(business, ids.bob, 'Austin', '78701', '2026-04-01T00:00:00.000900Z');
    allInOrder = [ids.home, ids.cabin, ids.shop, ids.tiedFirst, ids.tiedSecond, ids.lastMicro];
    // The other business: a similar property (same city and postal code, a date between ours), equipment and jobs.
    ids.foreign = await addProperty(other, ids.foreignCustomer, 'Austin', '78701', '2026-01-15T00:00:00Z');
    await addEquipment(other, ids.foreign, 'Air conditioner', { warranty: '2030-01-01' });
    const foreignJob = await addJob(other, {
      number: 1,
      customerId: ids.foreignCustomer,
      propertyId: ids.foreign,
      status: 'completed',
      completedAt: '2026-11-20T00:00:00Z',
    });
    await addVisit(other, foreignJob, '2026-11-22T15:00:00Z', 'scheduled');

    // Equipment at home; listed by type: Air conditioner, Furnace, Thermostat, Water heater.
    ids.ac = await addEquipment(business, ids.home, 'Air conditioner', {
      make: 'Trane',
      model: 'XR14',
      serial: 'SN-1',
      installed: '2020-05-01',
      warranty: '2026-11-20',
    });
    ids.heater = await addEquipment(business, ids.home, 'Water heater', { make: 'Rheem', warranty: '2026-11-19' });
    ids.furnace = await addEquipment(business, ids.home, 'Furnace', { installed: '2015-10-10' });
    ids.thermostat = await addEquipment(business, ids.home, 'Thermostat', { make: 'Nest', warranty: '2030-01-01' });
    await addEquipment(business, ids.cabin, 'Boiler', { warranty: '2030-01-01' });
    // 101 units at lastMicro (version-4 ids from md5): more than get-property embeds.
    await sql(
      `insert into equipment (id, business_id, property_id, equipment_type)
       select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid, ?, ?, 'Unit ' || lpad(g::text, 3, '0')
       from generate_series(1, 101) g, md5(? || g::text) h`,
      [business.id, ids.lastMicro, randomUUID()],
    );

    // Jobs at home. By status: unscheduled 1 (J7), scheduled 1 (J4), in_progress 1 (J6), completed 3 (J1, J2, J3), cancelled 1 (J5): 7 jobs.
    await addJob(business, {
      number: 1,
      customerId: ids.alice,
      propertyId: ids.home,
      status: 'completed',
      completedAt: '2026-10-01T15:00:00Z',
    });
    ids.j2 = await addJob(business, {
      number: 2,
      customerId: ids.alice,
      propertyId: ids.home,
      status: 'completed',
      completedAt: '2026-11-01T15:00:00Z',
    });
    // Completed without a completion instant: counted, but it cannot be the last completed job.
    await addJob(business, { number: 3, customerId: ids.alice, propertyId: ids.home, status: 'completed' });
    ids.j4 = await addJob(business, { number: 4, customerId: ids.alice, propertyId: ids.home, status: 'scheduled' });
    await addVisit(business, ids.j4, '2026-11-10T15:00:00Z', 'scheduled'); // in the past
    ids.v2 = await addVisit(business, ids.j4, '2026-11-25T15:00:00Z', 'scheduled'); // the answer
    await addVisit(business, ids.j4, '2026-11-22T15:00:00Z', 'cancelled'); // earlier, but cancelled
    const j5 = await addJob(business, { number: 5, customerId: ids.alice, propertyId: ids.home, status: 'cancelled' });
    await addVisit(business, j5, '2026-11-21T15:00:00Z', 'scheduled'); // earlier, but its job is cancelled
    const j6 = await addJob(business, {
      number: 6,
      customerId: ids.alice,
      propertyId: ids.home,
      status: 'in_progress',
    });
    await addVisit(business, j6, '2026-11-21T02:00:00Z', 'in_progress'); // under way, not "next"
    await addJob(business, { number: 7, customerId: ids.alice, propertyId: ids.home, status: 'unscheduled' });
    // Elsewhere, later completions and earlier visits that must not count for home.
    const shopJob = await addJob(business, {
      number: 8,
      customerId: ids.bob,
      propertyId: ids.shop,
      status: 'completed',
      completedAt: '2026-11-15T15:00:00Z',
    });
    await addVisit(business, shopJob, '2026-11-23T15:00:00Z', 'scheduled');
    await addJob(business, {
      number: 9,
      customerId: ids.alice,
      propertyId: null,
      status: 'completed',
      completedAt: '2026-11-18T15:00:00Z',
    });
    // At cabin, a visit starting exactly now still counts as the next one.
    ids.j10 = await addJob(business, { number: 10, customerId: ids.alice, propertyId: ids.cabin, status: 'scheduled' });
    ids.v10 = await addVisit(business, ids.j10, now, 'scheduled');
  });

  describe('list-properties', () => {
    it('lists every property oldest first with its customer and address', async () => {
      const page = await tenantCaller(business.id).workspace.properties.listProperties({});
      expect(page.items.map((property) => property.id)).to.deep.equal(allInOrder);
      expect(page.next_cursor).to.equal(null);
      expect(page.items[0]).to.deep.equal({
        id: ids.home,
        customer: { id: ids.alice, name: 'Alice' },
        name: 'Main house',
        address: {
          line1: '1 Elm St',
          line2: 'Unit 2',
          city: 'Austin',
          region: 'TX',
          postal_code: '78701',
          country: 'US',
        },
        latitude: 30.2672,
        longitude: -97.7431,
        notes: 'Gate code 1234',
        created_at: '2026-01-01T00:00:00.000Z',
      });
      expect(page.items[1]).to.deep.include({
        name: null,
        latitude: null,
        longitude: null,
        notes: null,
        customer: { id: ids.alice, name: 'Alice' },
      });
    });

    it('filters by customer_id, city (whole name, any case), postal_code, and their combination', async () => {
      const caller = tenantCaller(business.id);
      const list = async (input: Parameters<typeof caller.workspace.properties.listProperties>[0]) =>
        (await caller.workspace.properties.listProperties(input)).items.map((property) => property.id);
      expect(await list({ customer_id: ids.alice! })).to.deep.equal([ids.home, ids.cabin]);
      expect(await list({ customer_id: ids.bob! })).to.deep.equal([
        ids.shop,
        ids.tiedFirst,
        ids.tiedSecond,
        ids.lastMicro,
      ]);
      expect(await list({ city: 'aUsTiN' })).to.deep.equal([
        ids.home,
        ids.shop,
        ids.tiedFirst,
        ids.tiedSecond,
        ids.lastMicro,
      ]);
      expect(await list({ city: 'round rock' })).to.deep.equal([ids.cabin]);
      expect(await list({ city: 'Aus' })).to.deep.equal([]);
      expect(await list({ postal_code: '78701' })).to.deep.equal([
        ids.home,
        ids.tiedFirst,
        ids.tiedSecond,
        ids.lastMicro,
      ]);
      expect(await list({ postal_code: ' 78664 ' })).to.deep.equal([ids.cabin]);
      expect(await list({ postal_code: '7870' })).to.deep.equal([]);
      expect(await list({ city: 'austin', postal_code: '78704' })).to.deep.equal([ids.shop]);
      expect(await list({ customer_id: ids.alice!, city: 'Austin' })).to.deep.equal([ids.home]);
      expect(await list({ customer_id: ids.alice!, postal_code: '78704' })).to.deep.equal([]);
    });

    it('pages without gaps or repeats across equal instants and within one millisecond', async () => {
      const caller = tenantCaller(business.id);
      for (const limit of [1, 2, 4]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await caller.workspace.properties.listProperties({ limit, cursor });
          expect(page.items.length).to.be.at.most(limit);
          seen.push(...page.items.map((property) => property.id));
          cursor = page.next_cursor ?? undefined;
          pages += 1;
        } while (cursor);
        expect(seen, `limit ${limit}`).to.deep.equal(allInOrder);
        expect(pages).to.equal(Math.ceil(allInOrder.length / limit));
      }
      // A cursor also pages a filtered list.
      const first = await caller.workspace.properties.listProperties({ city: 'austin', limit: 3 });
      expect(first.items.map((property) => property.id)).to.deep.equal([ids.home, ids.shop, ids.tiedFirst]);
      const second = await caller.workspace.properties.listProperties({
        city: 'austin',
        limit: 3,
        cursor: first.next_cursor!,
      });
      expect(second).to.deep.equal({ items: second.items, next_cursor: null });
      expect(second.items.map((property) => property.id)).to.deep.equal([ids.tiedSecond, ids.lastMicro]);
    });

    it('refuses unknown or foreign customers, malformed ids and forged cursors; never shows the other business', async () => {
      const caller = tenantCaller(business.id);
      await expectAppError(
        caller.workspace.properties.listProperties({ customer_id: ids.foreignCustomer! }),
        'RESOURCE_NOT_FOUND',
      );
      await expectAppError(
        caller.workspace.properties.listProperties({ customer_id: randomUUID() }),
        'RESOURCE_NOT_FOUND',
      );
      await expectAppError(caller.workspace.properties.listProperties({ customer_id: 'alice' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.properties.listProperties({ cursor: 'not-a-cursor' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.properties.listProperties({ cursor: encodeCursor(['2026-01-01', randomUUID()]) }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.properties.listProperties({
          cursor: encodeCursor(['2026-02-30T00:00:00.000000Z', randomUUID()]),
        }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.properties.listProperties({
          cursor: encodeCursor(['0000-01-01T00:00:00.000000Z', randomUUID()]),
        }),
        'VALIDATION_FAILED',
      );
      await expectAppError(caller.workspace.properties.listProperties({ city: '' }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.properties.listProperties({ city: 'Aus\u0000tin' }), 'VALIDATION_FAILED');
      await expectAppError(
        caller.workspace.properties.listProperties({ postal_code: '78701\u0000' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(caller.workspace.properties.listProperties({ limit: 0 }), 'VALIDATION_FAILED');
      await expectAppError(caller.workspace.properties.listProperties({ limit: 101 }), 'VALIDATION_FAILED');
      const theirs = await tenantCaller(other.id).workspace.properties.listProperties({ city: 'Austin' });
      expect(theirs.items.map((property) => property.id)).to.deep.equal([ids.foreign]);
      expect(theirs.items[0]!.customer).to.deep.equal({ id: ids.foreignCustomer, name: 'Alice' });
    });
  });

  describe('get-property', () => {
    it('answers the property with equipment, warranty status in the business day, and its job history', async () => {
      const home = await tenantCaller(business.id, { clock }).workspace.properties.getProperty({
        property_id: ids.home!,
      });
      expect(home).to.deep.include({
        id: ids.home,
        name: 'Main house',
        customer: { id: ids.alice, name: 'Alice' },
        equipment_count: 4,
      });
      // Today is 2026-11-20 in Chicago (already the 21st in UTC): a warranty ending on the 20th still covers.
      expect(home.equipment).to.deep.equal([
        {
          id: ids.ac,
          type: 'Air conditioner',
          make: 'Trane',
          model: 'XR14',
          serial: 'SN-1',
          installed_on: '2020-05-01',
          warranty_expires_on: '2026-11-20',
          under_warranty: true,
          notes: null,
        },
        {
          id: ids.furnace,
          type: 'Furnace',
          make: null,
          model: null,
          serial: null,
          installed_on: '2015-10-10',
          warranty_expires_on: null,
          under_warranty: false,
          notes: null,
        },
        {
          id: ids.thermostat,
          type: 'Thermostat',
          make: 'Nest',
          model: null,
          serial: null,
          installed_on: null,
          warranty_expires_on: '2030-01-01',
          under_warranty: true,
          notes: null,
        },
        {
          id: ids.heater,
          type: 'Water heater',
          make: 'Rheem',
          model: null,
          serial: null,
          installed_on: null,
          warranty_expires_on: '2026-11-19',
          under_warranty: false,
          notes: null,
        },
      ]);
      expect(home.job_history).to.deep.equal({
        job_count: 7,
        jobs_by_status: { unscheduled: 1, scheduled: 1, in_progress: 1, completed: 3, cancelled: 1 },
        // J2 (2026-11-01) is the latest completion here; J3 has no instant; J8 (shop) and J9 (no property) do not count.
        last_completed_job: { id: ids.j2, number: 2, title: 'Job 2', completed_at: '2026-11-01T15:00:00.000Z' },
        // Not the 10th (past), the 21st (its job is cancelled), the 22nd (visit cancelled), the 23rd (another property), nor J6's visit (in progress).
        next_scheduled_visit: {
          id: ids.v2,
          job_id: ids.j4,
          job_number: 4,
          scheduled_start: '2026-11-25T15:00:00.000Z',
          scheduled_end: '2026-11-25T16:00:00.000Z',
        },
      });
    });

    it('counts a visit starting exactly now as the next one, and answers empty summaries', async () => {
      const caller = tenantCaller(business.id, { clock });
      const cabin = await caller.workspace.properties.getProperty({ property_id: ids.cabin! });
      expect(cabin.job_history).to.deep.equal({
        job_count: 1,
        jobs_by_status: { unscheduled: 0, scheduled: 1, in_progress: 0, completed: 0, cancelled: 0 },
        last_completed_job: null,
        next_scheduled_visit: {
          id: ids.v10,
          job_id: ids.j10,
          job_number: 10,
          scheduled_start: '2026-11-21T03:00:00.000Z',
          scheduled_end: '2026-11-21T04:00:00.000Z',
        },
      });
      // One second later that visit has started: nothing is next.
      const later = await tenantCaller(business.id, {
        clock: fixedClock('2026-11-21T03:00:01Z'),
      }).workspace.properties.getProperty({ property_id: ids.cabin! });
      expect(later.job_history.next_scheduled_visit).to.equal(null);
      const tied = await caller.workspace.properties.getProperty({ property_id: ids.tiedFirst! });
      expect(tied).to.deep.include({ equipment: [], equipment_count: 0 });
      expect(tied.job_history).to.deep.equal({
        job_count: 0,
        jobs_by_status: { unscheduled: 0, scheduled: 0, in_progress: 0, completed: 0, cancelled: 0 },
        last_completed_job: null,
        next_scheduled_visit: null,
      });
    });

    it('embeds at most 100 equipment items and says how many there are', async () => {
      const busy = await tenantCaller(business.id, { clock }).workspace.properties.getProperty({
        property_id: ids.lastMicro!,
      });
      expect(busy.equipment).to.have.length(100);
      expect(busy.equipment_count).to.equal(101);
      expect(busy.equipment[0]!.type).to.equal('Unit 001');
      expect(busy.equipment[99]!.type).to.equal('Unit 100');
    });

    it('answers not found for an unknown id or one of another business, and refuses a malformed id', async () => {
      const caller = tenantCaller(business.id, { clock });
      const foreign = await expectAppError(
        caller.workspace.properties.getProperty({ property_id: ids.foreign! }),
        'RESOURCE_NOT_FOUND',
      );
      const unknownId = randomUUID();
      const unknown = await expectAppError(
        caller.workspace.properties.getProperty({ property_id: unknownId }),
        'RESOURCE_NOT_FOUND',
      );
      expect(foreign.message).to.equal(`No property with id ${ids.foreign} in this business.`);
      expect(unknown.message).to.equal(`No property with id ${unknownId} in this business.`);
      await expectAppError(caller.workspace.properties.getProperty({ property_id: 'home' }), 'VALIDATION_FAILED');
      // The other business sees its own property and history only.
      const theirs = await tenantCaller(other.id, { clock }).workspace.properties.getProperty({
        property_id: ids.foreign!,
      });
      expect(theirs.equipment_count).to.equal(1);
      expect(theirs.job_history.job_count).to.equal(1);
    });
  });

  describe('list-property-equipment', () => {
    it('pages the equipment of one property by type with the warranty status', async () => {
      const caller = tenantCaller(business.id, { clock });
      const first = await caller.workspace.properties.listPropertyEquipment({ property_id: ids.home!, limit: 3 });
      expect(first.items.map((item) => [item.id, item.under_warranty])).to.deep.equal([
        [ids.ac, true],
        [ids.furnace, false],
        [ids.thermostat, true],
      ]);
      expect(first.items[0]).to.deep.equal({
        id: ids.ac,
        type: 'Air conditioner',
        make: 'Trane',
        model: 'XR14',
        serial: 'SN-1',
        installed_on: '2020-05-01',
        warranty_expires_on: '2026-11-20',
        under_warranty: true,
        notes: null,
      });
      expect(first.next_cursor).to.be.a('string');
      const second = await caller.workspace.properties.listPropertyEquipment({
        property_id: ids.home!,
        limit: 3,
        cursor: first.next_cursor!,
      });
      expect(second.items.map((item) => item.id)).to.deep.equal([ids.heater]);
      expect(second.next_cursor).to.equal(null);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await caller.workspace.properties.listPropertyEquipment({
          property_id: ids.lastMicro!,
          limit: 40,
          cursor,
        });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).to.have.length(101);
      expect(new Set(seen).size).to.equal(101);
    });

    it('reads "today" in the business time zone', async () => {
      // Midnight in Chicago: the 21st has begun and the warranty ending on the 20th is over.
      const atMidnight = await tenantCaller(business.id, {
        clock: fixedClock('2026-11-21T06:00:00Z'),
      }).workspace.properties.listPropertyEquipment({ property_id: ids.home! });
      expect(atMidnight.items.map((item) => [item.type, item.under_warranty])).to.deep.equal([
        ['Air conditioner', false],
        ['Furnace', false],
        ['Thermostat', true],
        ['Water heater', false],
      ]);
      // One second earlier it is still the 20th there.
      const before = await tenantCaller(business.id, {
        clock: fixedClock('2026-11-21T05:59:59Z'),
      }).workspace.properties.listPropertyEquipment({ property_id: ids.home! });
      expect(before.items[0]).to.deep.include({ type: 'Air conditioner', under_warranty: true });
    });

    it('answers an empty page for a property without equipment and refuses foreign, unknown or malformed ids and forged cursors', async () => {
      const caller = tenantCaller(business.id, { clock });
      expect(await caller.workspace.properties.listPropertyEquipment({ property_id: ids.shop! })).to.deep.equal({
        items: [],
        next_cursor: null,
      });
      await expectAppError(
        caller.workspace.properties.listPropertyEquipment({ property_id: ids.foreign! }),
        'RESOURCE_NOT_FOUND',
      );
      await expectAppError(
        caller.workspace.properties.listPropertyEquipment({ property_id: randomUUID() }),
        'RESOURCE_NOT_FOUND',
      );
      await expectAppError(
        caller.workspace.properties.listPropertyEquipment({ property_id: 'x' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.properties.listPropertyEquipment({ property_id: ids.home!, cursor: 'W10' }),
        'VALIDATION_FAILED',
      );
      await expectAppError(
        caller.workspace.properties.listPropertyEquipment({
          property_id: ids.home!,
          cursor: encodeCursor(['Furnace\u0000', randomUUID()]),
        }),
        'VALIDATION_FAILED',
      );
    });
  });
});
