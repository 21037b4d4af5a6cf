import { type StreamResponse } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startAdjustedApp, startTestService, testConfig, type TestApp } from '../helpers/test-service.ts';
import { rpc, send03, V1, type Json } from './fixtures.ts';
import { openSse, request10, type SseEvent } from './sse.ts';

const ask = { skill: 'find-businesses', arguments: { per_page: 2 } };

async function waitingTask(): Promise<Json> {
  return (await rpc(send03([{ kind: 'text', text: 'hello' }]))).body.result;
}

/** Another turn from another request: `hello` again keeps the task waiting, a skill completes it. */
async function answer(taskId: string, part: Json): Promise<string> {
  const next = await rpc(send03([part], { taskId }));
  return next.body.result.status.state;
}

const subscribe = (taskId: string, lastEventId?: number, url?: string) =>
  openSse(
    request10('SubscribeToTask', { id: taskId }),
    { ...V1, ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }) },
    url,
  );

const kindsOf = (events: SseEvent[]) => events.map((event) => Object.keys(event.data.result)[0]);
const idsOf = (events: SseEvent[]) => events.map((event) => Number(event.id));

/**
 * Resumption: a client cut off reconnects with the number of the last event it saw (SSE
 * Last-Event-ID) and gets exactly the events after it, in order, then the live ones, on any
 * instance, since the events are stored with the task.
 */
describe('A2A stream resumption', function () {
  this.timeout(60_000);

  it('a stream cut after an event resumes with Last-Event-ID: what happened meanwhile, then live, none lost or repeated', async () => {
    const task = await waitingTask();
    const first = await subscribe(task.id);
    const snapshot = (await first.next())!;
    expect(snapshot.id).to.equal('1');
    first.close();
    // While the client is away: another turn, still waiting for input.
    expect(await answer(task.id, { kind: 'text', text: 'hello' })).to.equal('input-required');

    const resumed = await subscribe(task.id, 1);
    const missed = (await resumed.next())!;
    expect(missed.id).to.equal('2');
    expect(missed.data.result.statusUpdate.status.state).to.equal('TASK_STATE_INPUT_REQUIRED');
    // Live from here.
    expect(await answer(task.id, { kind: 'data', data: ask })).to.equal('completed');
    const live = await resumed.rest();
    expect(idsOf(live)).to.deep.equal([3, 4]);
    expect(kindsOf(live)).to.deep.equal(['artifactUpdate', 'statusUpdate']);
  });

  it('cut between the artifact and the final status: the resumption sends the status alone and closes', async () => {
    const task = await waitingTask();
    const stream = await subscribe(task.id);
    await stream.next();
    expect(await answer(task.id, { kind: 'data', data: ask })).to.equal('completed');
    const artifact = (await stream.next())!;
    expect(kindsOf([artifact])).to.deep.equal(['artifactUpdate']);
    stream.close();

    const resumed = await (await subscribe(task.id, Number(artifact.id))).rest();
    expect(idsOf(resumed)).to.deep.equal([Number(artifact.id) + 1]);
    expect(resumed[0]!.data.result.statusUpdate.status.state).to.equal('TASK_STATE_COMPLETED');
    // Everything seen: the task has ended and nothing is left, as for a subscription to an ended task.
    const done = await subscribe(task.id, Number(resumed[0]!.id));
    expect(done.json.error.code).to.equal(-32004);
  });

  it('the 1.0 SDK resumes with Last-Event-ID as a service parameter (header)', async () => {
    const task = await waitingTask();
    expect(await answer(task.id, { kind: 'data', data: ask })).to.equal('completed');
    const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
    const events: StreamResponse[] = [];
    for await (const event of client.resubscribeTask(
      { tenant: '', id: task.id },
      { serviceParameters: { 'Last-Event-ID': '1' } },
    ))
      events.push(event as StreamResponse);
    expect(events.map((event) => event.payload?.$case)).to.deep.equal(['artifactUpdate', 'statusUpdate']);
  });

  it('an instance shutting down ends its streams at once (the client resumes elsewhere), not at its drain deadline', async () => {
    // A drain deadline beyond the test's own timeout: only ending the streams lets stop() finish in time.
    const leaving = await startTestService({ config: testConfig({ SHUTDOWN_TIMEOUT_MS: '600000' }) });
    try {
      const endpoint = `${leaving.config.baseUrl}/v1/agent/a2a`;
      const created = await request<Json>(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(send03([{ kind: 'text', text: 'hello' }])),
      });
      const stream = await subscribe(created.body.result.id, undefined, endpoint);
      expect((await stream.next())!.id).to.equal('1');
      await leaving.stop();
      expect(await stream.rest()).to.deep.equal([]);
    } finally {
      await leaving.stop();
    }
  });

  describe('across two instances on one database', () => {
    let other: TestApp;
    before(async function () {
      if (service().database.kind !== 'postgresql') return;
      other = await startAdjustedApp(service(), (config) => config);
    });
    after(async () => other?.close());
    const otherEndpoint = () => `${other.url}/api/v1/agent/a2a`;

    it('(PostgreSQL only: the embedded database serves one process) subscribed on one, events caused on the other arrive through NOTIFY; cut and resumed on the other without loss', async function () {
      if (service().database.kind !== 'postgresql') this.skip();
      // The trigger announces each committed event on the channel every instance listens to.
      const payloads: string[] = [];
      const unsubscribe = service().notifications.subscribe('a2a_task_events', (payload) => payloads.push(payload));

      const task = await waitingTask();
      const onOther = await subscribe(task.id, undefined, otherEndpoint());
      expect((await onOther.next())!.id).to.equal('1');
      // Caused through the shared service (instance 2), seen live on the other (instance 1).
      expect(await answer(task.id, { kind: 'text', text: 'hello' })).to.equal('input-required');
      const live = (await onOther.next())!;
      expect(live.id).to.equal('2');
      onOther.close();

      expect(await answer(task.id, { kind: 'data', data: ask })).to.equal('completed');
      const resumed = await (await subscribe(task.id, 2)).rest();
      expect(idsOf(resumed)).to.deep.equal([3, 4]);
      expect(kindsOf(resumed)).to.deep.equal(['artifactUpdate', 'statusUpdate']);
      unsubscribe();
      expect(payloads).to.include.members([`${task.id}:2`, `${task.id}:3`, `${task.id}:4`]);
    });
  });
});
