import { randomUUID } from 'node:crypto';
import { SendMessageRequest, TaskState, type StreamResponse } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { ClientFactory as ClientFactory03 } from 'a2a-js-sdk-v03/client';
import { expect } from 'chai';
import { wireAnswerWriter } from '../../adapters/a2a/answer-writer.ts';
import { createContextInner, type Principal } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { StreamedEvent } from '../../core/services/a2a/follow-task-events.ts';
import { recordTask } from '../../core/services/agent-tasks/task-store.ts';
import { appendTaskEvents } from '../../core/services/agent-tasks/task-events.query.ts';
import { statusEvent } from '../../core/services/agent-tasks/task-events.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { serviceContext } from '../helpers/workspace.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';
import { rpc, send03, send10, V1, type Json, compatClient } from './fixtures.ts';
import { openSse, request10, skillPart10, stream03, stream10 } from './sse.ts';

const ask = { skill: 'find-businesses', arguments: { per_page: 2 } };

/** A task waiting for input, started by a plain SendMessage (0.3): what a subscriber follows. */
async function waitingTask(): Promise<Json> {
  const sent = await rpc(send03([{ kind: 'text', text: 'hello' }]));
  expect(sent.body.result.status.state).to.equal('input-required');
  return sent.body.result;
}

/** Continues a waiting task with a message naming a skill, from another request: the task completes. */
async function complete(taskId: string): Promise<void> {
  const next = await rpc(send03([{ kind: 'data', data: ask }], { taskId }));
  expect(next.body.result.status.state, next.text).to.equal('completed');
}

const caseOf = (event: StreamResponse) => event.payload?.$case;

/**
 * A2A streaming over SSE (SendStreamingMessage/message/stream, SubscribeToTask/tasks/resubscribe)
 * with the official SDKs (@a2a-js/sdk 1.3 in 1.0 and 0.3 modes, and the 0.3.14 SDK) and raw SSE
 * where the framing itself is checked: the snapshot first, then the artifact and the status, each
 * numbered, and the stream closed at the end.
 */
describe('A2A streaming', function () {
  this.timeout(60_000);

  it('the card says streaming', async () => {
    const card = (await request<Json>(`${service().config.siteUrl}/.well-known/agent-card.json`)).body;
    expect(card.capabilities.streaming).to.equal(true);
  });

  it('1.0 raw: SendStreamingMessage frames each event as a JSON-RPC response with its id, working, artifact, completed', async () => {
    const body = stream10([skillPart10(ask.skill, ask.arguments)]);
    const stream = await openSse(body, V1);
    expect(stream.status).to.equal(200);
    expect(stream.headers.get('content-type')).to.match(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).to.equal('no-store');
    const events = await stream.rest();
    expect(events.map((event) => Object.keys(event.data.result)[0])).to.deep.equal([
      'task',
      'artifactUpdate',
      'statusUpdate',
    ]);
    for (const event of events) {
      expect(event.data.jsonrpc).to.equal('2.0');
      expect(event.data.id).to.equal(body.id);
    }
    expect(events.map((event) => Number(event.id))).to.deep.equal([1, 2, 3]);
    const [first, artifact, status] = events.map((event) => event.data.result);
    expect(first.task.status.state).to.equal('TASK_STATE_WORKING');
    expect(first.task.history).to.have.length(1);
    expect(artifact.artifactUpdate.taskId).to.equal(first.task.id);
    expect(artifact.artifactUpdate.contextId).to.equal(first.task.contextId);
    expect(artifact.artifactUpdate.artifact.name).to.equal(ask.skill);
    expect(artifact.artifactUpdate.lastChunk).to.equal(true);
    expect(status.statusUpdate.status.state).to.equal('TASK_STATE_COMPLETED');
    expect(status.statusUpdate).not.to.have.property('final');
    // The stored task is the stream's end.
    const read = await rpc(request10('GetTask', { id: first.task.id }), V1);
    expect(read.body.result.status.state).to.equal('TASK_STATE_COMPLETED');
    expect(read.body.result.artifacts[0].artifactId).to.equal(artifact.artifactUpdate.artifact.artifactId);
  });

  it('0.3 raw: message/stream sends kind task, artifact-update, status-update with final on the last', async () => {
    const stream = await openSse(stream03([{ kind: 'data', data: ask }]));
    const results = (await stream.rest()).map((event) => event.data.result);
    expect(results.map((result) => result.kind)).to.deep.equal(['task', 'artifact-update', 'status-update']);
    expect(results[0].status.state).to.equal('working');
    expect(results[2].status.state).to.equal('completed');
    expect(results[2].final).to.equal(true);
  });

  it('1.0 SDK: sendMessageStream reads working, the artifact and completed, in order', async () => {
    const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(
      SendMessageRequest.fromJSON({
        message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: ask }] },
      }),
    ))
      events.push(event as StreamResponse);
    expect(events.map(caseOf)).to.deep.equal(['task', 'artifactUpdate', 'statusUpdate']);
    const [first, , last] = events;
    expect(first!.payload?.$case === 'task' && first!.payload.value.status?.state).to.equal(
      TaskState.TASK_STATE_WORKING,
    );
    expect(last!.payload?.$case === 'statusUpdate' && last!.payload.value.status?.state).to.equal(
      TaskState.TASK_STATE_COMPLETED,
    );
  });

  it('0.3: the SDK’s compatibility mode and the 0.3.14 SDK read the same stream', async () => {
    const compat = await compatClient();
    const compatEvents: StreamResponse[] = [];
    for await (const event of compat.sendMessageStream(
      SendMessageRequest.fromJSON({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: ask }] } }),
    ))
      compatEvents.push(event as StreamResponse);
    expect(compatEvents.map(caseOf)).to.deep.equal(['task', 'artifactUpdate', 'statusUpdate']);

    const client03 = await new ClientFactory03().createFromUrl(service().config.siteUrl);
    const kinds: string[] = [];
    let final: boolean | undefined;
    for await (const event of client03.sendMessageStream({
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'data', data: ask }] },
    })) {
      kinds.push(event.kind);
      if (event.kind === 'status-update') final = event.final;
    }
    expect(kinds).to.deep.equal(['task', 'artifact-update', 'status-update']);
    expect(final).to.equal(true);
  });

  it('configuration.historyLength cuts the snapshot’s history as GetTask’s does', async () => {
    const body = stream10([skillPart10(ask.skill, ask.arguments)]);
    body.params.configuration = { historyLength: 0 };
    const [first] = await (await openSse(body, V1)).rest();
    expect(first!.data.result.task.history).to.deep.equal([]);
  });

  it('a message the agent cannot act on yet streams the task input-required and closes', async () => {
    const events = await (await openSse(stream10([{ text: 'hello' }]), V1)).rest();
    expect(events).to.have.length(1);
    expect(events[0]!.data.result.task.status.state).to.equal('TASK_STATE_INPUT_REQUIRED');
    expect(events[0]!.data.result.task.status.message.parts[0].text).to.be.a('string').and.not.empty;
  });

  it('a streamed skill whose arguments are refused ends the task failed, with the ErrorMessage', async () => {
    const stream = await openSse(stream10([skillPart10('find-businesses', { per_page: 'many' })]), V1);
    const results = (await stream.rest()).map((event) => event.data.result);
    expect(results.map((result) => Object.keys(result)[0])).to.deep.equal(['task', 'statusUpdate']);
    expect(results[1].statusUpdate.status.state).to.equal('TASK_STATE_FAILED');
    expect(results[1].statusUpdate.status.message.parts[1].data.code).to.equal('VALIDATION_FAILED');
  });

  it('refusals before a stream are plain JSON-RPC errors: bad params, an unknown task to continue', async () => {
    const bad = await openSse(request10('SendStreamingMessage', { message: { role: 'ROLE_USER' } }), V1);
    expect(bad.status).to.equal(200);
    expect(bad.json.error.code).to.equal(-32602);
    const unknown = await openSse(stream10([{ text: 'more' }], { taskId: randomUUID() }), V1);
    expect(unknown.json.error.code).to.equal(-32001);
  });

  describe('SubscribeToTask and tasks/resubscribe', () => {
    it('1.0 SDK: follows a task started by SendMessage, continued by another request, and closes at completed', async () => {
      const task = await waitingTask();
      const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
      const events = client.resubscribeTask({ tenant: '', id: task.id });
      const first = (await events.next()).value as StreamResponse;
      expect(first.payload?.$case === 'task' && first.payload.value.status?.state).to.equal(
        TaskState.TASK_STATE_INPUT_REQUIRED,
      );
      await complete(task.id);
      const rest: StreamResponse[] = [];
      for (let next = await events.next(); !next.done; next = await events.next())
        rest.push(next.value as StreamResponse);
      expect(rest.map(caseOf)).to.deep.equal(['artifactUpdate', 'statusUpdate']);
      const last = rest[1]!;
      expect(last.payload?.$case === 'statusUpdate' && last.payload.value.status?.state).to.equal(
        TaskState.TASK_STATE_COMPLETED,
      );
    });

    it('0.3.14 SDK: resubscribeTask follows the same way', async () => {
      const task = await waitingTask();
      const client03 = await new ClientFactory03().createFromUrl(service().config.siteUrl);
      const events = client03.resubscribeTask({ id: task.id });
      const first = (await events.next()).value as Json;
      expect(first.kind).to.equal('task');
      expect(first.status.state).to.equal('input-required');
      await complete(task.id);
      const kinds: string[] = [];
      for (let next = await events.next(); !next.done; next = await events.next())
        kinds.push((next.value as Json).kind);
      expect(kinds).to.deep.equal(['artifact-update', 'status-update']);
    });

    it('raw: the snapshot carries the number of the task’s last event, and the live events follow it', async () => {
      const task = await waitingTask();
      const stream = await openSse(request10('SubscribeToTask', { id: task.id }), V1);
      const snapshot = await stream.next();
      expect(snapshot!.id).to.equal('1');
      await complete(task.id);
      const rest = await stream.rest();
      expect(rest.map((event) => event.id)).to.deep.equal(['2', '3']);
    });

    it('CancelTask from another request: the subscriber sees canceled (final) and the stream closes; 0.3 alike', async () => {
      for (const [method, cancelMethod, headers] of [
        ['SubscribeToTask', 'CancelTask', V1],
        ['tasks/resubscribe', 'tasks/cancel', {}],
      ] as const) {
        const task = await waitingTask();
        const stream = await openSse({ ...request10(method, { id: task.id }) }, headers);
        expect((await stream.next())!.id).to.equal('1');
        const canceled = await rpc({ jsonrpc: '2.0', id: 2, method: cancelMethod, params: { id: task.id } }, headers);
        expect(canceled.body.error, canceled.text).to.equal(undefined);
        const rest = await stream.rest();
        expect(rest.map((event) => event.id)).to.deep.equal(['2']);
        const update = rest[0]!.data.result;
        if (method === 'SubscribeToTask') {
          expect(update.statusUpdate.status.state).to.equal('TASK_STATE_CANCELED');
          expect(update.statusUpdate.status.message.parts[0].text).to.match(/canceled/);
        } else {
          expect(update).to.deep.include({ kind: 'status-update', final: true });
          expect(update.status.state).to.equal('canceled');
        }
        // Resuming after the cancel replays it, then closes: nothing is lost to a client cut off at that moment.
        const resumed = await openSse(request10(method, { id: task.id }), { ...headers, 'Last-Event-ID': '1' });
        expect((await resumed.rest()).map((event) => event.id)).to.deep.equal(['2']);
      }
    });

    it('a task already ended answers -32004 (A2A 1.0: nothing to subscribe to), an unknown one -32001', async () => {
      const done = (await rpc(send10([skillPart10(ask.skill, ask.arguments)]), V1)).body.result.task;
      const ended = await openSse(request10('SubscribeToTask', { id: done.id }), V1);
      expect(ended.headers.get('content-type')).to.match(/^application\/json/);
      expect(ended.json.error.code).to.equal(-32004);
      const unknown = await openSse(request10('SubscribeToTask', { id: randomUUID() }), V1);
      expect(unknown.json.error.code).to.equal(-32001);
      const notUuid = await openSse({ jsonrpc: '2.0', id: 1, method: 'tasks/resubscribe', params: { id: 'x' } });
      expect(notUuid.json.error.code).to.equal(-32001);
      const missing = await openSse({ jsonrpc: '2.0', id: 1, method: 'tasks/resubscribe', params: {} });
      expect(missing.json.error.code).to.equal(-32602);
    });

    it('another caller’s task (owned by an OAuth grant) answers -32001 to an anonymous subscriber, as an unknown id', async () => {
      const owned = await recordTask(
        serviceContext().sql,
        {
          contextId: randomUUID(),
          ownerGrantId: randomUUID(),
          state: 'input-required',
          skill: null,
          history: [{ messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hello' }] }],
          artifacts: [],
        },
        new Date(),
      );
      const refused = await openSse(request10('SubscribeToTask', { id: owned.id }), V1);
      expect(refused.json.error.code).to.equal(-32001);
      expect(refused.json.error.message).to.include('Task not found');
    });

    it('through the procedure caller: a grant subscribes to its own task; another grant gets -32001', async () => {
      const owner = randomUUID();
      const task = await recordTask(
        serviceContext().sql,
        {
          contextId: randomUUID(),
          ownerGrantId: owner,
          state: 'input-required',
          skill: null,
          history: [{ messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hello' }] }],
          artifacts: [],
        },
        new Date(),
      );
      const callerOf = (grantId: string) => {
        const principal: Principal = {
          kind: 'oauth',
          businessId: randomUUID(),
          userId: randomUUID(),
          clientId: 'client',
          grantId,
          tokenId: randomUUID(),
          scopes: [],
        };
        const running = service();
        return createCaller(
          createContextInner({
            em: running.database.orm.em,
            log: createLogger('silent'),
            urls: { site: running.config.siteUrl, base: running.config.baseUrl },
            // The answers' wire, as the composition root adds it; a subscription runs no skill.
            services: {
              ...running.services,
              a2a: {
                skills: { skillIds: [], has: () => false, run: async () => ({ invalid: {} as never }) },
                answers: wireAnswerWriter,
              },
            },
            requestId: `test-${randomUUID()}`,
            principal,
          }),
        );
      };
      const exchange = { version: '1.0' as const, id: 1, method: 'SubscribeToTask' };
      const opened = await callerOf(owner).protocols.a2a.subscribeToTask({ exchange, params: { id: task.id } });
      expect(opened).to.have.property('stream');
      const events = (opened as { stream: { events: AsyncIterable<StreamedEvent> } }).stream.events[
        Symbol.asyncIterator
      ]();
      const first = await events.next();
      expect(first.value).to.deep.include({ seq: 1, final: false });
      // A store update appending its event (as CancelTask does): the subscriber sees it and the stream ends.
      await appendTaskEvents(
        serviceContext().sql,
        task.id,
        [statusEvent({ ...task, state: 'canceled' }, new Date().toISOString())],
        new Date(),
      );
      service().services.a2aStreams.hub.announce(task.id);
      const canceled = await events.next();
      expect(canceled.value).to.deep.include({ seq: 2, final: true });
      expect((await events.next()).done).to.equal(true);

      const other = await callerOf(randomUUID()).protocols.a2a.subscribeToTask({ exchange, params: { id: task.id } });
      expect(other).to.have.property('answer');
      expect(JSON.parse((other as { answer: { body: string } }).answer.body).error.code).to.equal(-32001);
    });

    it('a Last-Event-ID that is not a number, or beyond the task’s last event, is -32602 naming it', async () => {
      const task = await waitingTask();
      const garbled = await openSse(request10('SubscribeToTask', { id: task.id }), { ...V1, 'Last-Event-ID': 'abc' });
      expect(garbled.json.error.code).to.equal(-32602);
      expect(garbled.json.error.message).to.include('Last-Event-ID');
      const beyond = await openSse(request10('SubscribeToTask', { id: task.id }), { ...V1, 'Last-Event-ID': '99' });
      expect(beyond.json.error.code).to.equal(-32602);
    });
  });

  describe('limits', () => {
    let app: TestApp & { config: { a2aStreams: { perClient: number } } };
    before(async () => {
      app = await startAdjustedApp(service(), (config) => ({
        ...config,
        a2aStreams: { ...config.a2aStreams, perClient: 1, keepAliveMs: 100 },
      }));
    });
    after(() => app.close());
    const endpoint = () => `${app.url}/api/v1/agent/a2a`;

    describe('per instance, and a stream’s lifetime', () => {
      let small: TestApp;
      before(async () => {
        small = await startAdjustedApp(service(), (config) => ({
          ...config,
          a2aStreams: { ...config.a2aStreams, perInstance: 1, maxLifetimeMs: 300 },
        }));
      });
      after(() => small.close());

      it('the instance’s bound refuses with 429; a stream ends at its lifetime and resumes with Last-Event-ID', async () => {
        const task = await waitingTask();
        const url = `${small.url}/api/v1/agent/a2a`;
        const open = await openSse(request10('SubscribeToTask', { id: task.id }), V1, url);
        expect((await open.next())!.id).to.equal('1');
        const refused = await openSse(request10('SubscribeToTask', { id: task.id }), V1, url);
        expect(refused.status).to.equal(429);
        expect(refused.json.error.message).to.include('This instance has 1 streams open');
        // Its lifetime over, the stream ends without a final event; the client resumes where it was.
        expect(await open.rest()).to.deep.equal([]);
        await complete(task.id);
        let resumed = await openSse(
          request10('SubscribeToTask', { id: task.id }),
          { ...V1, 'Last-Event-ID': '1' },
          url,
        );
        for (let attempt = 0; resumed.status === 429 && attempt < 50; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          resumed = await openSse(request10('SubscribeToTask', { id: task.id }), { ...V1, 'Last-Event-ID': '1' }, url);
        }
        expect(resumed.status).to.equal(200);
        expect((await resumed.rest()).map((event) => event.id)).to.deep.equal(['2', '3']);
      });
    });

    it('one stream per client here: the second is 429 with Retry-After, not a stream; a closed one frees its turn', async () => {
      const task = await waitingTask();
      const open = await openSse(request10('SubscribeToTask', { id: task.id }), V1, endpoint());
      expect((await open.next())!.data.result.task.id).to.equal(task.id);
      const refused = await openSse(request10('SubscribeToTask', { id: task.id }), V1, endpoint());
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
      expect(refused.json.error.code).to.equal(-32029);
      expect(refused.json.error.message).to.include('open streams');
      // A keep-alive comment while idle.
      const idle = await open.next();
      expect(idle!.comment).to.equal('keep-alive');
      open.close();
      // The server learns of the disconnect asynchronously: the turn is back once it has.
      let again = await openSse(request10('SubscribeToTask', { id: task.id }), V1, endpoint());
      for (let attempt = 0; again.status === 429 && attempt < 50; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await openSse(request10('SubscribeToTask', { id: task.id }), V1, endpoint());
      }
      expect(again.status).to.equal(200);
      expect((await again.next())!.data.result.task.id).to.equal(task.id);
      again.close();
    });
  });
});
