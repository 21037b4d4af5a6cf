import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { z } from 'zod';
import { appRouter } from '../../core/routers/_app.ts';
import { mergeRouters, publicProcedure, router } from '../../core/trpc.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { insertExampleVocabulary, rpc, send03, send10, skillPart03, V1, type Json } from './fixtures.ts';

const getTask03 = (id: string, historyLength?: number) => ({
  jsonrpc: '2.0',
  id: randomUUID(),
  method: 'tasks/get',
  params: { id, ...(historyLength === undefined ? {} : { historyLength }) },
});
const getTask10 = (id: string, historyLength?: number) => ({ ...getTask03(id, historyLength), method: 'GetTask' });

describe('A2A tasks', () => {
  it('0.3: message/send answers a completed Task with kind fields; tasks/get reads it back the same', async () => {
    const request03 = send03([skillPart03('find-blog-posts', { per_page: 2 })]);
    const sent = await rpc(request03);
    expect(sent.status, sent.text).to.equal(200);
    expect(sent.headers.get('cache-control')).to.equal('no-store');
    const task = sent.body.result;
    expect(sent.body.id).to.equal(request03.id);
    expect(task).to.include({ kind: 'task' });
    expect(task.id).to.match(/^[0-9a-f-]{36}$/);
    expect(task.status.state).to.equal('completed');
    expect(Date.parse(task.status.timestamp)).to.be.a('number').and.not.NaN;
    expect(task.artifacts).to.have.length(1);
    expect(task.artifacts[0].name).to.equal('find-blog-posts');
    expect(task.artifacts[0].parts.map((part: Json) => part.kind)).to.deep.equal(['data', 'text']);
    expect(task.history).to.have.length(1);
    expect(task.history[0]).to.include({ kind: 'message', role: 'user', taskId: task.id, contextId: task.contextId });
    expect(task.history[0].parts).to.deep.equal([skillPart03('find-blog-posts', { per_page: 2 })]);

    const read = await rpc(getTask03(task.id));
    expect(read.body.result).to.deep.equal(task);
  });

  it('1.0: SendMessage answers {task} with enum states and roles and no kind; GetTask answers the Task', async () => {
    const sent = await rpc(send10([{ data: { skill: 'find-blog-posts', arguments: { per_page: 1 } } }]), V1);
    expect(sent.status, sent.text).to.equal(200);
    const { task } = sent.body.result;
    expect(task.status.state).to.equal('TASK_STATE_COMPLETED');
    expect(JSON.stringify(task)).not.to.contain('"kind"');
    expect(task.history[0].role).to.equal('ROLE_USER');
    expect(task.artifacts[0].parts[0]).to.have.property('data');
    expect(task.artifacts[0].parts[1]).to.have.property('text').that.is.a('string').and.not.empty;
    const read = await rpc(getTask10(task.id), V1);
    expect(read.body.result).to.deep.equal(task);
    // The same task in the other version's words.
    const legacy = await rpc(getTask03(task.id));
    expect(legacy.body.result.status.state).to.equal('completed');
    expect(legacy.body.result.history[0].role).to.equal('user');
  });

  it('a domain error ends the task failed, with the ErrorMessage in the agent’s status message (both versions)', async () => {
    const sent = await rpc(send03([skillPart03('read-blog-post', { slug: `missing-${randomUUID()}` })]));
    const task = sent.body.result;
    expect(task.status.state).to.equal('failed');
    expect(task.artifacts).to.deep.equal([]);
    const status = task.status.message;
    expect(status).to.include({ kind: 'message', role: 'agent' });
    const data = status.parts.find((part: Json) => part.kind === 'data').data;
    expect(data).to.include({ code: 'RESOURCE_NOT_FOUND', status: 404 });
    expect(status.parts.find((part: Json) => part.kind === 'text').text).to.contain('RESOURCE_NOT_FOUND');
    expect(task.history.at(-1)).to.deep.equal(status);

    const v1 = await rpc(getTask10(task.id), V1);
    expect(v1.body.result.status.state).to.equal('TASK_STATE_FAILED');
    expect(v1.body.result.status.message.role).to.equal('ROLE_AGENT');
  });

  it('honours historyLength: unset all, 0 none, n the last n', async () => {
    const sent = await rpc(
      send03([skillPart03('find-blog-posts', { per_page: 1 })], {}, { configuration: { historyLength: 0 } }),
    );
    expect(sent.body.result.history).to.deep.equal([]);
    const id = sent.body.result.id;
    expect((await rpc(getTask03(id))).body.result.history).to.have.length(1);
    expect((await rpc(getTask03(id, 0))).body.result.history).to.deep.equal([]);
    expect((await rpc(getTask10(id, 1), V1)).body.result.history).to.have.length(1);
  });

  it('historyLength is an upper bound: a count beyond the history (the compatibility kit sends 9999) reads all of it', async () => {
    const sent = await rpc(
      send03([skillPart03('find-blog-posts', { per_page: 1 })], {}, { configuration: { historyLength: 9999 } }),
    );
    expect(sent.body.result.history).to.have.length(1);
    const id = sent.body.result.id;
    expect((await rpc(getTask03(id, 9999))).body.result.history).to.have.length(1);
    expect((await rpc(getTask10(id, 2_147_483_647), V1)).body.result.history).to.have.length(1);
    const beyondInt32 = await rpc(getTask10(id, 2_147_483_648), V1);
    expect(beyondInt32.body.error.code).to.equal(-32602);
    expect(beyondInt32.body.error.message).to.contain('historyLength');
    expect((await rpc(getTask10(id, -1), V1)).body.error.code).to.equal(-32602);
  });

  it('keeps the client’s contextId, and makes one when none is given', async () => {
    const contextId = `conversation-${randomUUID()}`;
    const first = await rpc(send03([skillPart03('find-blog-posts', { per_page: 1 })], { contextId }));
    expect(first.body.result.contextId).to.equal(contextId);
    const second = await rpc(send10([{ data: { skill: 'find-blog-posts' } }], { contextId }), V1);
    expect(second.body.result.task.contextId).to.equal(contextId);
    expect(second.body.result.task.id).not.to.equal(first.body.result.id);
    const fresh = await rpc(send03([skillPart03('find-blog-posts', { per_page: 1 })]));
    expect(fresh.body.result.contextId)
      .to.match(/^[0-9a-f-]{36}$/)
      .and.not.equal(contextId);
    const tooLong = await rpc(send03([skillPart03('find-blog-posts')], { contextId: 'c'.repeat(201) }));
    expect(tooLong.body.error.code).to.equal(-32602);
  });

  it('the data part wins over text in the same message', async () => {
    const sent = await rpc(
      send03([{ kind: 'text', text: 'find plumbers in Austin' }, skillPart03('find-blog-posts', { per_page: 1 })]),
    );
    expect(sent.body.result.artifacts[0].name).to.equal('find-blog-posts');
  });

  it('the data part is exactly what the REST endpoint answers, also when read back', async () => {
    const args = { per_page: 3, locale: 'en-US' };
    const rest = await request<Json>(`${service().config.baseUrl}/v1/blog/posts?per_page=3&locale=en-US`);
    const sent = await rpc(send03([skillPart03('find-blog-posts', args)]));
    expect(sent.body.result.artifacts[0].parts[0].data).to.deep.equal(rest.body);
    const read = await request<Json>(`${service().config.baseUrl}/v1/agent/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(getTask03(sent.body.result.id)),
    });
    // Kept as written (a json column): the same bytes in the same key order as REST's body.
    expect(read.text).to.contain(rest.text);
  });

  describe('a server failure inside a skill', () => {
    let probe: TestApp;
    const boomRouter = mergeRouters(
      appRouter,
      router({
        a2aProbes: router({
          boom: publicProcedure
            .meta({
              skill: {
                id: 'probe-boom',
                name: 'Fail',
                description: 'Fails unexpectedly.',
                tags: ['test'],
                examples: [],
                summarize: () => 'never',
              },
            })
            .input(z.object({}))
            .output(z.object({ never: z.string() }))
            .query(() => {
              throw new Error('connection string postgres://secret@db leaked?');
            }),
        }),
      }),
    );
    before(async () => {
      probe = await startTestApp(service(), boomRouter);
    });
    after(async () => {
      await probe.close();
    });

    it('answers -32603 with HTTP 500, the request id quoted, nothing of the error, and logs it', async () => {
      const body = send03([skillPart03('probe-boom', {})]);
      const response = await request<Json>(`${probe.url}/api/v1/agent/a2a`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).to.equal(500);
      expect(response.body.id).to.equal(body.id);
      expect(response.body.error.code).to.equal(-32603);
      const requestId = response.headers.get('x-request-id')!;
      expect(response.body.error.message).to.contain(requestId);
      expect(response.text).not.to.contain('secret').and.not.to.contain('stack');
      expect(probe.logs.find((line) => line.reqId === requestId && line.level === 50)).to.not.equal(undefined);
    });
  });

  describe('free text (the text router)', () => {
    let removeVocabulary: () => Promise<void>;
    before(async () => (removeVocabulary = await insertExampleVocabulary()));
    after(() => removeVocabulary());

    it('routes each example phrasing of the card to its skill and completes the task', async () => {
      const card = (await request<Json>(`${service().config.baseUrl}/v1/agent/a2a`)).body;
      for (const skill of card.skills)
        for (const example of skill.examples) {
          const sent = await rpc(send03([{ kind: 'text', text: example }]));
          expect(sent.body.result?.status.state, `${example}: ${sent.text}`).to.be.oneOf(['completed', 'failed']);
          expect(sent.body.result.artifacts[0]?.name ?? skill.id, example).to.equal(skill.id);
        }
    });

    it('ends input-required saying what it needs, and continues the task with the next text', async () => {
      const first = await rpc(send03([{ kind: 'text', text: 'hello' }]));
      const task = first.body.result;
      expect(task.status.state).to.equal('input-required');
      expect(task.status.message.role).to.equal('agent');
      expect(task.status.message.parts[0].text).to.be.a('string').and.not.empty;
      const next = await rpc(send03([{ kind: 'text', text: 'Find plumbers in Austin' }], { taskId: task.id }));
      expect(next.body.result.id).to.equal(task.id);
      expect(next.body.result.contextId).to.equal(task.contextId);
      expect(next.body.result.status.state).to.equal('completed');
      expect(next.body.result.history.map((entry: Json) => entry.role)).to.deep.equal(['user', 'agent', 'user']);
      // Ended now: a third message is refused.
      const third = await rpc(send03([{ kind: 'text', text: 'and in Dallas' }], { taskId: task.id }));
      expect(third.body.error.code).to.equal(-32004);
    });

    it('of two concurrent continuations of one task, exactly one is stored', async () => {
      const task = (await rpc(send03([{ kind: 'text', text: 'hello' }]))).body.result;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          rpc(send03([{ kind: 'text', text: 'Find plumbers in Austin' }], { taskId: task.id })),
        ),
      );
      expect(answers.filter((answer) => answer.body.result).length).to.equal(1);
      expect(answers.filter((answer) => answer.body.error?.code === -32004).length).to.equal(4);
    });
  });
});
