import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { randomClientAddress } from '../government/helpers.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { startAdjustedApp } from '../helpers/test-service.ts';
import { a2aUrl, rpc, send03, send10, skillPart03, V1, type Json } from './fixtures.ts';
import type { JsonResponse } from '../helpers/http.ts';

/** The 400/409 body of the A2A endpoint: an ErrorMessage and a JSON-RPC error in one object. */
function expectDualRefusal(response: JsonResponse<Json>, status: number, code: string, jsonRpc: number): void {
  expect(response.status, response.text).to.equal(status);
  expect(response.body).to.include({ code, status, jsonrpc: '2.0' });
  expect(response.body.resolution).to.be.a('string').and.not.empty;
  expect(response.body.error.code).to.equal(jsonRpc);
  expect(response.headers.get('cache-control')).to.equal('no-store');
}

const tasksWithMessage = async (messageId: string): Promise<number> => {
  // history is a json column: its first message's id identifies what one request stored.
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from agent_tasks where (history::jsonb -> 0 ->> 'messageId') = ?`,
    [messageId],
  );
  return row!.n;
};

describe('A2A POST with an Idempotency-Key', function () {
  this.timeout(60_000);

  it('replays the first answer byte for byte, with both replay headers, and keeps one task', async () => {
    const key = randomUUID();
    const body = send03([skillPart03('find-blog-posts', { per_page: 1 })]);
    const first = await rpc(body, { 'Idempotency-Key': key });
    expect(first.status, first.text).to.equal(200);
    expect(first.headers.get('idempotency-replayed')).to.equal(null);
    const again = await rpc(body, { 'Idempotency-Key': key });
    expect(again.status).to.equal(200);
    expect(again.text).to.equal(first.text);
    expect(again.headers.get('idempotency-replayed')).to.equal('true');
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await tasksWithMessage(body.params.message.messageId)).to.equal(1);
  });

  it('keeps a task answer once: the key row references the task and holds no copy of its artifact', async () => {
    const key = randomUUID();
    const body = send03([skillPart03('find-blog-posts', { per_page: 2 })]);
    const first = await rpc(body, { 'Idempotency-Key': key });
    expect(first.status, first.text).to.equal(200);
    const taskId = first.body.result.id;
    const [row] = await sql<{ task_id: string | null; response_body: string | null }>(
      'select task_id, response_body from idempotency_keys where key = ?',
      [key],
    );
    expect(row).to.deep.equal({ task_id: taskId, response_body: null });
    const [task] = await sql<{ artifacts: string }>(
      'select artifacts::text as artifacts from agent_tasks where id = ?',
      [taskId],
    );
    expect(JSON.parse(task!.artifacts)).to.have.length(1);
    const again = await rpc(body, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotency-replayed')).to.equal('true');
    expect(again.text, 'rewritten from the task row, byte for byte').to.equal(first.text);
    // A read with a key references the task too.
    const readKey = randomUUID();
    const read = { jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { id: taskId, historyLength: 0 } };
    const readFirst = await rpc(read, { 'Idempotency-Key': readKey });
    expect((await rpc(read, { 'Idempotency-Key': readKey })).text).to.equal(readFirst.text);
    const [readRow] = await sql('select task_id, response_body from idempotency_keys where key = ?', [readKey]);
    expect(readRow).to.deep.equal({ task_id: taskId, response_body: null });
  });

  it("never stores a budget's headers with an answer (a skill's RateLimit, Retry-After)", async () => {
    const key = randomUUID();
    const first = await rpc(send03([skillPart03('find-businesses', { industry: 'hvac' })]), { 'Idempotency-Key': key });
    expect(first.status, first.text).to.equal(200);
    expect(first.headers.get('ratelimit')).to.be.a('string');
    const [row] = await sql<{ response_headers: Record<string, string> }>(
      'select response_headers from idempotency_keys where key = ?',
      [key],
    );
    const stored = Object.keys(row!.response_headers).map((name) => name.toLowerCase());
    expect(stored).to.not.include.members(['ratelimit']);
    expect(stored).to.not.include.members(['ratelimit-policy']);
    expect(stored).to.not.include.members(['retry-after']);
  });

  it("does not keep a task refused for lack of a skill's budget: the retry runs again, and says so afresh", async () => {
    const app = await startAdjustedApp(service(), (config) => ({
      ...config,
      trustProxy: true,
      rateLimits: { ...config.rateLimits, government: { points: 1, windowSeconds: 60 } },
    }));
    try {
      const client = randomClientAddress();
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        request<Json>(`${app.url}/api/v1/agent/a2a`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, ...headers },
          body: JSON.stringify(body),
        });
      const skill = () => send03([skillPart03('find-government-opportunities', {})]);
      expect((await post(skill())).body.result.status.state).to.equal('completed');
      const key = randomUUID();
      const body = skill();
      const refused = await post(body, { 'Idempotency-Key': key });
      expect(refused.body.result.status.state, refused.text).to.equal('failed');
      expect(refused.body.result.status.message.parts[1].data.code).to.equal('RATE_LIMITED');
      expect(await sql('select 1 from idempotency_keys where key = ?', [key])).to.deep.equal([]);
      const retried = await post(body, { 'Idempotency-Key': key });
      expect(retried.headers.get('idempotency-replayed')).to.equal(null);
    } finally {
      await app.close();
    }
  });

  it('treats a body with its keys in another order as the same request', async () => {
    const key = randomUUID();
    const body = send03([skillPart03('explain-paid-reference', {})]);
    const first = await rpc(body, { 'Idempotency-Key': key });
    const reordered = JSON.stringify({ params: body.params, method: body.method, id: body.id, jsonrpc: '2.0' });
    const again = await rpc(` ${reordered}\n`, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotency-replayed')).to.equal('true');
    expect(again.text).to.equal(first.text);
  });

  it('refuses the same key with another request: 409 IDEMPOTENCY_KEY_REUSED, in the dual body', async () => {
    const key = randomUUID();
    const first = await rpc(send03([skillPart03('explain-paid-reference', {})]), { 'Idempotency-Key': key });
    expect(first.status).to.equal(200);
    const other = send03([skillPart03('find-blog-posts', {})]);
    const reused = await rpc(other, { 'Idempotency-Key': key });
    expectDualRefusal(reused, 409, 'IDEMPOTENCY_KEY_REUSED', -32010);
    expect(reused.body.id).to.equal(other.id);
    expect(await tasksWithMessage(other.params.message.messageId)).to.equal(0);
  });

  it('counts A2A-Version as part of the request: the same body in another version is another request', async () => {
    const key = randomUUID();
    const body = send10([{ data: { skill: 'explain-paid-reference', arguments: {} } }]);
    // Without the header, SendMessage is a 0.3 request for an unknown method: answered, and stored under the key.
    const asLegacy = await rpc(body, { 'Idempotency-Key': key });
    expect(asLegacy.body.error.code).to.equal(-32601);
    const asCurrent = await rpc(body, { ...V1, 'Idempotency-Key': key });
    expectDualRefusal(asCurrent, 409, 'IDEMPOTENCY_KEY_REUSED', -32010);
  });

  for (const [label, key] of [
    ['129 characters', 'k'.repeat(129)],
    ['a space', 'two words'],
    ['a non-ASCII character', 'cl\u00e9'],
  ] as const) {
    it(`refuses a key with ${label}: 400 IDEMPOTENCY_KEY_INVALID, before anything runs`, async () => {
      const body = send03([skillPart03('explain-paid-reference', {})]);
      const response = await fetch(a2aUrl(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': Buffer.from(key, 'utf8').toString('latin1') },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, text).to.equal(400);
      const parsed = JSON.parse(text);
      expect(parsed).to.include({ code: 'IDEMPOTENCY_KEY_INVALID', status: 400, jsonrpc: '2.0' });
      expect(parsed.error.code).to.equal(-32600);
      expect(await tasksWithMessage(body.params.message.messageId)).to.equal(0);
    });
  }

  it('accepts a key of exactly 128 visible ASCII characters', async () => {
    const key = '!~'.repeat(64);
    const response = await rpc(send03([skillPart03('explain-paid-reference', {})]), { 'Idempotency-Key': key });
    expect(response.status, response.text).to.equal(200);
  });

  it('does not store an invalid envelope: the key stays free for the real request', async () => {
    const key = randomUUID();
    const broken = await rpc('{"jsonrpc": "2.0", "id": 1', { 'Idempotency-Key': key });
    expect(broken.status).to.equal(400);
    const real = await rpc(send03([skillPart03('explain-paid-reference', {})]), { 'Idempotency-Key': key });
    expect(real.status).to.equal(200);
    expect(real.headers.get('idempotency-replayed')).to.equal(null);
  });

  it('100 parallel requests with one key execute the skill once; the rest replay it or answer 409 in progress', async () => {
    const key = randomUUID();
    const body = send03([skillPart03('find-businesses', { industry: 'hvac' })]);
    const answers = await Promise.all(Array.from({ length: 100 }, () => rpc(body, { 'Idempotency-Key': key })));
    const executed = answers.filter((answer) => answer.status === 200 && !answer.headers.get('idempotency-replayed'));
    const replayed = answers.filter((answer) => answer.headers.get('idempotency-replayed') === 'true');
    const inProgress = answers.filter((answer) => answer.status === 409);
    expect(executed, 'answers that ran the skill').to.have.length(1);
    expect(executed.length + replayed.length + inProgress.length).to.equal(100);
    for (const answer of replayed) expect(answer.text).to.equal(executed[0]!.text);
    for (const answer of inProgress) {
      expectDualRefusal(answer, 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', -32011);
      expect(Number(answer.headers.get('retry-after'))).to.be.at.least(1);
    }
    expect(await tasksWithMessage(body.params.message.messageId)).to.equal(1);
  });
});
