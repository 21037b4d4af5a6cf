import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { webhookEventCatalogue } from '../../core/services/webhooks/event-catalogue.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { runAdmin } from '../helpers/admin-command.ts';
import { service } from '../helpers/root-hooks.ts';
import { expectAppError, tenantCaller } from '../helpers/workspace.ts';
import { envelopesOf, expectPublishedShape } from '../workspace/field-work-fixtures.ts';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  startReceiver,
  workerServiceSuite,
} from './delivery-helpers.ts';
import { managedBusiness, type Json } from './management-fixtures.ts';

const FIELD_WORK_TYPES = [
  'customer.updated',
  'customer.status_changed',
  'job.updated',
  'job.status_changed',
  'visit.created',
  'visit.updated',
  'visit.status_changed',
];

const admin = () => {
  const running = service();
  return systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
};

describe('customer, job and visit events in the catalogue, and trigger', function () {
  this.timeout(60_000);

  it('lists each type in GET /v1/webhook-endpoints/event-types with its emitters, and its example matches the published schemas', async () => {
    const business = await managedBusiness('catalogue');
    const listed = (await business.call('GET', '/event-types', undefined, null)).body.items as Json[];
    for (const type of FIELD_WORK_TYPES) {
      const item = listed.find((entry) => entry.type === type);
      expect(item, type).to.not.equal(undefined);
      expect(item!.emitted_by.length, type).to.be.greaterThan(0);
    }
    // Every type of the catalogue, not only these: its example is valid against the published schemas.
    for (const definition of webhookEventCatalogue) {
      const type = definition.type;
      const exampleId = (definition.example as { id?: unknown }).id;
      await expectPublishedShape({
        id: randomUUID(),
        type,
        created_at: new Date().toISOString(),
        occurred_at: new Date().toISOString(),
        business_id: randomUUID(),
        entity: { type: definition.entityType, id: typeof exampleId === 'string' ? exampleId : randomUUID() },
        sequence: 1,
        test: false,
        data: definition.example,
      });
    }
  });

  it('trigger: every type of the catalogue is emitted through the outbox as a test event, valid against its published schemas', async () => {
    const business = await managedBusiness('trigger');
    for (const definition of webhookEventCatalogue) {
      const emitted = await admin().infrastructure.sampleEvents.trigger({
        type: definition.type,
        business: business.slug,
      });
      expect(emitted).to.deep.include({ type: definition.type, business_id: business.id, test: true, sequence: 1 });
      const [envelope] = await envelopesOf(business.id, emitted.entity.id);
      expect(envelope).to.deep.include({ id: emitted.id, type: definition.type, test: true, sequence: 1 });
      expect(envelope!.entity).to.deep.equal({ type: definition.entityType, id: emitted.entity.id });
      // The example about the fresh entity: its own id replaced, the rest as catalogued.
      const example = definition.example;
      expect(envelope!.data).to.deep.equal('id' in example ? { ...example, id: emitted.entity.id } : example);
      await expectPublishedShape(envelope!);
    }
  });

  it('trigger: an unknown type is VALIDATION_FAILED listing the valid types; an unknown business not found; tenants cannot reach it', async () => {
    const business = await managedBusiness('trigger-errors');
    const unknown = await expectAppError(
      admin().infrastructure.sampleEvents.trigger({ type: 'visit.teleported', business: business.slug }),
      'VALIDATION_FAILED',
    );
    expect(unknown.message).to.contain('"visit.teleported" is not an event type of the catalogue');
    for (const type of FIELD_WORK_TYPES) expect(unknown.message).to.contain(type);
    expect((unknown.details as Json[])[0]!.valid_types).to.include.members(FIELD_WORK_TYPES);
    await expectAppError(
      admin().infrastructure.sampleEvents.trigger({
        type: 'visit.created',
        business: `no-such-${randomUUID().slice(0, 8)}`,
      }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      tenantCaller(business.id).infrastructure.sampleEvents.trigger({ type: 'visit.created', business: business.slug }),
      'ROUTE_NOT_FOUND',
    );
  });

  it('npm run admin -- trigger: the event type is its one positional argument (wrong usage exits 2 before any database)', async () => {
    const missing = await runAdmin({}, ['trigger', '--business', 'some-business']);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain('the event type is required');
    const two = await runAdmin({}, ['trigger', 'visit.created', 'job.updated', '--business', 'some-business']);
    expect(two.code).to.equal(2);
    expect(two.stderr).to.contain('only one type is taken');
  });
});

describe('customer, job and visit events delivered to a subscribed receiver', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite('0s,50ms,50ms');

  it('delivers the subscribed types only, signed, in each entity`s sequence order, and a triggered sample marked test', async () => {
    let secret = '';
    const hook = await startReceiver(() => [secret]);
    suite.receivers.push(hook);
    const business = await insertBusiness(suite.service);
    secret = (
      await insertEndpoint(suite.service, business, hook.url, { events: ['customer.updated', 'visit.status_changed'] })
    ).secret;
    const caller = callerFor(suite.service, business);
    const customer = await caller.workspace.customers.createCustomer({ name: 'Ada Receiver' });
    await caller.workspace.customers.updateCustomer({ customer_id: customer.id, notes: 'Call first' });
    const job = await caller.workspace.jobs.createJob({ customer_id: customer.id, title: 'Boiler check' });
    const start = new Date(Date.now() + 86_400_000);
    const visit = await caller.workspace.scheduling.scheduleVisit({
      job_id: job.id,
      schedule: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() },
    });
    await caller.workspace.scheduling.changeVisitStatus({ visit_id: visit.id, status: 'en_route' });
    await caller.workspace.scheduling.changeVisitStatus({ visit_id: visit.id, status: 'in_progress' });
    await eventually('the three subscribed events', () => hook.received.length >= 3);

    expect(hook.received.every((entry) => entry.verified)).to.equal(true);
    const bodies = hook.received.map((entry) => JSON.parse(entry.body) as Json);
    expect(bodies.map((body) => body.type).sort()).to.deep.equal([
      'customer.updated',
      'visit.status_changed',
      'visit.status_changed',
    ]);
    const visits = bodies
      .filter((body) => body.type === 'visit.status_changed')
      .sort((x, y) => x.sequence - y.sequence);
    expect(visits.map((body) => [body.sequence, body.data.status, body.data.previous_status])).to.deep.equal([
      [2, 'en_route', 'scheduled'],
      [3, 'in_progress', 'en_route'],
    ]);
    const updated = bodies.find((body) => body.type === 'customer.updated')!;
    expect(updated).to.deep.include({ sequence: 2, test: false, entity: { type: 'customer', id: customer.id } });
    expect(updated.data.previous_attributes).to.deep.equal({ notes: null });

    // By the business's id this time (the command takes an id or a slug).
    const sample = await systemCaller({
      orm: suite.service.database.orm,
      services: suite.service.services,
      config: suite.service.config,
      log: createLogger('silent'),
    }).infrastructure.sampleEvents.trigger({ type: 'visit.status_changed', business });
    await eventually('the triggered sample', () => hook.received.some((entry) => entry.id === sample.id));
    const delivered = JSON.parse(hook.received.find((entry) => entry.id === sample.id)!.body) as Json;
    expect(delivered).to.deep.include({ type: 'visit.status_changed', test: true, sequence: 1 });
    await expectPublishedShape(delivered);
  });
});
