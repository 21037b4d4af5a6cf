import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import type { InternalApiRouter } from '../../core/routers/internal-api.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';
import { seedWorkspace, type Workspace } from '../helpers/tenant-isolation.ts';
import { expectAppError, tenantCaller, type Caller } from '../helpers/workspace.ts';
import { activeMembers, envelopesOf, eventCount, expectPublishedShape } from './field-work-fixtures.ts';

const HOUR = 3_600_000;
const window = (hoursAhead: number, length = 2) => ({
  start: new Date(Date.now() + hoursAhead * HOUR).toISOString(),
  end: new Date(Date.now() + (hoursAhead + length) * HOUR).toISOString(),
});

describe('customer, job and visit writes and their events', function () {
  this.timeout(120_000);
  let ws: Workspace;
  let caller: Caller;
  let members: string[];
  let customerId: string;

  before(async () => {
    ws = await seedWorkspace('fw');
    caller = tenantCaller(ws.businessId);
    members = await activeMembers(ws.businessId);
    customerId = (await caller.workspace.customers.createCustomer({ name: 'Dana Whitfield', phone: '(512) 555-0148' }))
      .id;
  });

  const newJob = async () =>
    (await caller.workspace.jobs.createJob({ customer_id: customerId, title: 'Leaky tap' })).id;

  it('update-customer: answers get-customer, emits customer.updated (previous_attributes) and customer.status_changed (previous_status)', async () => {
    const updated = await caller.workspace.customers.updateCustomer({
      customer_id: customerId,
      phone: '(512) 555-0199',
      tags: ['Service plan'],
      status: 'inactive',
    });
    expect(updated).to.deep.equal(await caller.workspace.customers.getCustomer({ customer_id: customerId }));
    expect(updated).to.include({ phone: '(512) 555-0199', status: 'inactive' });
    const events = (await envelopesOf(ws.businessId, customerId)).slice(-2);
    expect(events.map((event) => event.type)).to.deep.equal(['customer.updated', 'customer.status_changed']);
    const { previous_attributes, ...record } = events[0]!.data;
    expect(record).to.deep.equal(updated);
    expect(previous_attributes).to.deep.equal({ phone: '(512) 555-0148', tags: [] });
    expect(events[1]!.data).to.deep.equal({ ...updated, previous_status: 'active' });
    for (const event of events) {
      expect(event).to.deep.include({ entity: { type: 'customer', id: customerId }, test: false });
      await expectPublishedShape(event);
    }
  });

  it('update-customer: a change that changes nothing emits nothing; only a status change emits only status_changed', async () => {
    const before = await eventCount(ws.businessId);
    await caller.workspace.customers.updateCustomer({ customer_id: customerId, phone: '(512) 555-0199' });
    await caller.workspace.customers.updateCustomer({ customer_id: customerId });
    expect(await eventCount(ws.businessId)).to.equal(before);
    await caller.workspace.customers.updateCustomer({ customer_id: customerId, status: 'active' });
    const [last] = (await envelopesOf(ws.businessId, customerId)).slice(-1);
    expect(last).to.deep.include({ type: 'customer.status_changed' });
    expect(last!.data.previous_status).to.equal('inactive');
    expect(await eventCount(ws.businessId)).to.equal(before + 1);
  });

  it('update-customer: an e-mail of another customer is CONFLICT, an unknown customer not found, bad input 400; none writes or emits', async () => {
    const email = `taken-${randomUUID().slice(0, 8)}@example.com`;
    await caller.workspace.customers.createCustomer({ name: 'Holder', email });
    const before = await eventCount(ws.businessId);
    await expectAppError(
      caller.workspace.customers.updateCustomer({
        customer_id: customerId,
        name: 'Renamed',
        email: email.toUpperCase(),
      }),
      'CONFLICT',
    );
    await expectAppError(
      caller.workspace.customers.updateCustomer({ customer_id: randomUUID(), name: 'Nobody' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.workspace.customers.updateCustomer({ customer_id: customerId, name: '  ' }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.customers.updateCustomer({ customer_id: customerId, notes: 'a\u0000b' }),
      'VALIDATION_FAILED',
    );
    expect(await eventCount(ws.businessId)).to.equal(before);
    expect((await caller.workspace.customers.getCustomer({ customer_id: customerId })).name).to.equal('Dana Whitfield');
  });

  it('update-job: answers get-job and emits job.updated with the changed fields before; a bad reference writes and emits nothing', async () => {
    const jobId = await newJob();
    const updated = await caller.workspace.jobs.updateJob({
      job_id: jobId,
      title: 'Replace the kitchen tap',
      priority: 'urgent',
      assigned_team_member_ids: [members[0]!],
    });
    expect(updated).to.deep.equal(await caller.workspace.jobs.getJob({ job_id: jobId }));
    const [created, changed] = await envelopesOf(ws.businessId, jobId);
    expect([created!.type, changed!.type]).to.deep.equal(['job.created', 'job.updated']);
    expect([created!.sequence, changed!.sequence]).to.deep.equal([1, 2]);
    expect(changed!.data.previous_attributes).to.deep.equal({
      title: 'Leaky tap',
      priority: 'normal',
      assigned_team_members: [],
    });
    await expectPublishedShape(changed!);

    const before = await eventCount(ws.businessId);
    const foreignProperty = (await caller.workspace.properties.listProperties({ limit: 100 })).items.find(
      (property) => property.customer.id !== customerId,
    )!.id;
    const refused = await expectAppError(
      caller.workspace.jobs.updateJob({ job_id: jobId, title: 'Not saved', property_id: foreignProperty }),
      'RESOURCE_NOT_FOUND',
    );
    expect(refused.message).to.contain('"property_id"');
    await expectAppError(
      caller.workspace.jobs.updateJob({
        job_id: jobId,
        title: 'Not saved',
        assigned_team_member_ids: [members[0]!, members[0]!],
      }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.jobs.updateJob({ job_id: randomUUID(), title: 'Nobody' }),
      'RESOURCE_NOT_FOUND',
    );
    expect(await eventCount(ws.businessId)).to.equal(before);
    expect((await caller.workspace.jobs.getJob({ job_id: jobId })).title).to.equal('Replace the kitchen tap');
  });

  it('change-job-status: emits job.status_changed with previous_status; a transition the status does not allow is 409 and emits nothing', async () => {
    const jobId = await newJob();
    const started = await caller.workspace.jobs.changeJobStatus({ job_id: jobId, status: 'in_progress' });
    expect(started).to.deep.equal(await caller.workspace.jobs.getJob({ job_id: jobId }));
    const done = await caller.workspace.jobs.changeJobStatus({ job_id: jobId, status: 'completed' });
    expect(done.completed_at).to.be.a('string');
    const events = await envelopesOf(ws.businessId, jobId);
    expect(
      events.map((event) => [event.type, event.sequence, event.data.status, event.data.previous_status]),
    ).to.deep.equal([
      ['job.created', 1, 'unscheduled', undefined],
      ['job.status_changed', 2, 'in_progress', 'unscheduled'],
      ['job.status_changed', 3, 'completed', 'in_progress'],
    ]);
    for (const event of events.slice(1)) await expectPublishedShape(event);

    const before = await eventCount(ws.businessId);
    const refused = await expectAppError(
      caller.workspace.jobs.changeJobStatus({ job_id: jobId, status: 'cancelled' }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    expect(refused.message).to.contain('completed is final');
    expect(refused.details).to.deep.equal([
      { parameter: 'status', current_status: 'completed', requested_status: 'cancelled', allowed_statuses: [] },
    ]);
    const other = await newJob();
    const same = await expectAppError(
      caller.workspace.jobs.changeJobStatus({ job_id: other, status: 'unscheduled' }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    expect(same.message).to.contain('already is unscheduled');
    await expectAppError(
      caller.workspace.jobs.changeJobStatus({ job_id: other, status: 'scheduled' }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    await expectAppError(
      caller.workspace.jobs.changeJobStatus({ job_id: randomUUID(), status: 'cancelled' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.workspace.jobs.changeJobStatus({ job_id: other, status: 'done' as never }),
      'VALIDATION_FAILED',
    );
    expect(await eventCount(ws.businessId)).to.equal(before + 1); // only the other job's job.created
  });

  it('schedule-visit, update-visit, change-visit-status: visit.created, visit.updated, visit.status_changed with the sequence 1, 2, 3… of the visit', async () => {
    const jobId = await newJob();
    const visit = await caller.workspace.scheduling.scheduleVisit({
      job_id: jobId,
      schedule: window(24),
      assigned_team_member_ids: [members[0]!],
      notes: 'Bring the expansion tank.',
    });
    expect(visit).to.deep.equal(await caller.workspace.scheduling.getVisit({ visit_id: visit.id }));
    // The unscheduled job became scheduled, and said so.
    const jobEvents = await envelopesOf(ws.businessId, jobId);
    expect(jobEvents.map((event) => [event.type, event.sequence])).to.deep.equal([
      ['job.created', 1],
      ['job.status_changed', 2],
    ]);
    expect(jobEvents[1]!.data).to.include({ status: 'scheduled', previous_status: 'unscheduled' });

    const moved = await caller.workspace.scheduling.updateVisit({
      visit_id: visit.id,
      schedule: window(48, 3),
      assigned_team_member_ids: [members[0]!, members[1]!],
    });
    expect(moved).to.deep.equal(await caller.workspace.scheduling.getVisit({ visit_id: visit.id }));
    for (const status of ['en_route', 'in_progress', 'completed'] as const)
      await caller.workspace.scheduling.changeVisitStatus({ visit_id: visit.id, status });

    const events = await envelopesOf(ws.businessId, visit.id);
    expect(events.map((event) => [event.type, event.sequence, event.data.status])).to.deep.equal([
      ['visit.created', 1, 'scheduled'],
      ['visit.updated', 2, 'scheduled'],
      ['visit.status_changed', 3, 'en_route'],
      ['visit.status_changed', 4, 'in_progress'],
      ['visit.status_changed', 5, 'completed'],
    ]);
    expect(Object.keys(events[1]!.data.previous_attributes)).to.have.members([
      'scheduled_start',
      'scheduled_end',
      'scheduled_start_local',
      'scheduled_end_local',
      'assigned_team_members',
    ]);
    expect(events[1]!.data.previous_attributes.scheduled_start).to.equal(visit.scheduled_start);
    expect(events.slice(2).map((event) => event.data.previous_status)).to.deep.equal([
      'scheduled',
      'en_route',
      'in_progress',
    ]);
    expect(events[3]!.data.arrived_at).to.be.a('string');
    expect(events[4]!.data.completed_at).to.be.a('string');
    for (const event of events) {
      expect(event.entity).to.deep.equal({ type: 'visit', id: visit.id });
      await expectPublishedShape(event);
    }

    const before = await eventCount(ws.businessId);
    await expectAppError(caller.workspace.scheduling.updateVisit({ visit_id: visit.id, notes: 'late' }), 'CONFLICT');
    await expectAppError(
      caller.workspace.scheduling.changeVisitStatus({ visit_id: visit.id, status: 'cancelled' }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    await caller.workspace.jobs.changeJobStatus({ job_id: jobId, status: 'cancelled' });
    await expectAppError(
      caller.workspace.scheduling.scheduleVisit({ job_id: jobId, schedule: window(24) }),
      'CONFLICT',
    );
    expect(await eventCount(ws.businessId)).to.equal(before + 1); // the job's cancellation only
  });

  it('schedule-visit and update-visit refuse a bad window, an inactive or unknown member and an unknown id, writing nothing', async () => {
    const jobId = await newJob();
    const before = await eventCount(ws.businessId);
    const backwards = { start: window(5).end, end: window(5).start };
    await expectAppError(
      caller.workspace.scheduling.scheduleVisit({ job_id: jobId, schedule: backwards }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.scheduling.scheduleVisit({
        job_id: jobId,
        schedule: window(5),
        assigned_team_member_ids: [randomUUID()],
      }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.workspace.scheduling.scheduleVisit({ job_id: randomUUID(), schedule: window(5) }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.workspace.scheduling.updateVisit({ visit_id: randomUUID(), notes: 'x' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.workspace.scheduling.changeVisitStatus({ visit_id: randomUUID(), status: 'en_route' }),
      'RESOURCE_NOT_FOUND',
    );
    expect(await eventCount(ws.businessId)).to.equal(before);
    expect((await caller.workspace.jobs.getJob({ job_id: jobId })).visits).to.deep.equal([]);
  });

  it('create-job with a window emits visit.created for the first visit it books', async () => {
    const job = await caller.workspace.jobs.createJob({
      customer_id: customerId,
      title: 'Annual service',
      schedule: window(30),
    });
    const [visit] = job.visits;
    const [event] = await envelopesOf(ws.businessId, visit!.id);
    expect(event).to.deep.include({ type: 'visit.created', sequence: 1 });
    expect(event!.data).to.deep.equal(await caller.workspace.scheduling.getVisit({ visit_id: visit!.id }));
    await expectPublishedShape(event!);
  });

  it('50 concurrent identical status changes: one succeeds and emits one event, the others are 409', async () => {
    const jobId = await newJob();
    const visit = await caller.workspace.scheduling.scheduleVisit({ job_id: jobId, schedule: window(12) });
    for (const [label, change] of [
      [
        'job',
        () => tenantCaller(ws.businessId).workspace.jobs.changeJobStatus({ job_id: jobId, status: 'in_progress' }),
      ],
      [
        'visit',
        () =>
          tenantCaller(ws.businessId).workspace.scheduling.changeVisitStatus({
            visit_id: visit.id,
            status: 'en_route',
          }),
      ],
    ] as const) {
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => change()));
      const won = results.filter((result) => result.status === 'fulfilled');
      expect(won, label).to.have.length(1);
      for (const result of results.filter((entry) => entry.status === 'rejected'))
        await expectAppError(Promise.reject(result.reason as Error), 'STATUS_TRANSITION_NOT_ALLOWED');
    }
    const statusEvents = async (id: string, type: string) =>
      (await envelopesOf(ws.businessId, id)).filter((event) => event.type === type);
    expect((await statusEvents(jobId, 'job.status_changed')).map((event) => event.data.status)).to.deep.equal([
      'scheduled',
      'in_progress',
    ]);
    expect((await statusEvents(visit.id, 'visit.status_changed')).map((event) => event.data.status)).to.deep.equal([
      'en_route',
    ]);
  });

  it('needs workspace:write: a read-only token is 403, an OAuth principal 401; over /api/trpc a 409 carries its ErrorMessage', async () => {
    await expectAppError(
      tenantCaller(ws.businessId, { scopes: ['workspace:read'] }).workspace.customers.updateCustomer({
        customer_id: customerId,
      }),
      'INSUFFICIENT_SCOPE',
    );
    await expectAppError(
      tenantCaller(ws.businessId, {
        principal: {
          kind: 'oauth',
          businessId: ws.businessId,
          userId: randomUUID(),
          clientId: 'agent',
          grantId: randomUUID(),
          tokenId: randomUUID(),
          scopes: ['mcp:write'],
        },
      }).workspace.jobs.changeJobStatus({ job_id: randomUUID(), status: 'cancelled' }),
      'UNAUTHORIZED',
    );

    const running = service();
    const admin = systemCaller({
      orm: running.database.orm,
      services: running.services,
      config: running.config,
      log: createLogger('silent'),
    });
    const token = async (scopes: Array<'workspace:read' | 'workspace:write'>) =>
      (await admin.accounts.createApiToken({ business: ws.businessId, name: 'field work', scopes })).token;
    const client = (bearer: string) =>
      createTRPCClient<InternalApiRouter>({
        links: [httpBatchLink({ url: `${running.url}/api/trpc`, headers: { authorization: `Bearer ${bearer}` } })],
      });
    const writer = client(await token(['workspace:write']));
    const jobId = await newJob();
    const cancelled = await writer.workspace.jobs.changeJobStatus.mutate({ job_id: jobId, status: 'cancelled' });
    expect(cancelled.status).to.equal('cancelled');
    const dataOf = (error: unknown) =>
      (error as TRPCClientError<InternalApiRouter>).data as unknown as {
        httpStatus: number;
        errorMessage: { code: string; status: number };
      };
    const again = await writer.workspace.jobs.changeJobStatus
      .mutate({ job_id: jobId, status: 'in_progress' })
      .catch((error: unknown) => error);
    expect(again).to.be.instanceOf(TRPCClientError);
    expect(dataOf(again).httpStatus).to.equal(409);
    expect(dataOf(again).errorMessage).to.include({ code: 'STATUS_TRANSITION_NOT_ALLOWED', status: 409 });
    const reader = client(await token(['workspace:read']));
    const refused = await reader.workspace.scheduling.updateVisit
      .mutate({ visit_id: randomUUID() })
      .catch((error: unknown) => error);
    expect(dataOf(refused).httpStatus).to.equal(403);
    expect(dataOf(refused).errorMessage.code).to.equal('INSUFFICIENT_SCOPE');
  });
});
