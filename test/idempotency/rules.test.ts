import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { checkIdempotencyKeyHeader } from '../../adapters/http/idempotency.ts';
import type { KoaCtx } from '../../adapters/http/state.ts';
import {
  IDEMPOTENCY_LEASE_SECONDS,
  IDEMPOTENCY_MAX_STORED_BODY,
  IDEMPOTENCY_RETENTION_SECONDS,
} from '../../core/services/idempotency/policy.ts';
import { a2aUrl, send10 } from '../a2a/fixtures.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { ProbeApp, rawPost } from './probe-app.ts';

describe('Idempotency-Key (spec 2.10, 4.5): the rules one by one', function () {
  let probe: ProbeApp;

  before(async () => {
    probe = await new ProbeApp(service()).start();
  });
  after(() => probe.close());

  function post(path: string, body: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
    return probe.post(path, body, headers);
  }

  async function keyRow(key: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await sql('select state, response_status, response_body from idempotency_keys where key = ?', [key]);
    return row;
  }

  function expectReplayOf(replay: JsonResponse, first: JsonResponse): void {
    expect(replay.status).to.equal(first.status);
    expect(replay.text, 'the stored body, byte for byte').to.equal(first.text);
    expect(replay.headers.get('content-type')).to.equal(first.headers.get('content-type'));
    expect(replay.headers.get('x-probe-execution')).to.equal(first.headers.get('x-probe-execution'));
    expect(replay.headers.get('idempotency-replayed')).to.equal('true');
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
  }

  it('without a key, executes every time', async () => {
    const before = probe.executions;
    const first = await post('/probe/a', '{"n":1}');
    const second = await post('/probe/a', '{"n":1}');
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    expect(probe.executions).to.equal(before + 2);
    expect(second.headers.get('idempotency-replayed')).to.equal(null);
  });

  it('replays the first answer byte for byte, with both replay headers, for the same key and body', async () => {
    const key = randomUUID();
    const before = probe.executions;
    const first = await post('/probe/a', '{"n":1,"list":[1,2]}', { 'Idempotency-Key': key });
    expect(first.status).to.equal(200);
    expect(first.headers.get('idempotency-replayed')).to.equal(null);
    const replay = await post('/probe/a', '{"n":1,"list":[1,2]}', { 'Idempotency-Key': key });
    expectReplayOf(replay, first);
    expect(probe.executions).to.equal(before + 1);
    expect(await keyRow(key)).to.deep.include({ state: 'completed', response_status: 200, response_body: first.text });
  });

  it('replays for a body that is canonically equal JSON (other key order, other spacing)', async () => {
    const key = randomUUID();
    const first = await post('/probe/a', '{"b":{"y":2,"x":1},"a":[1,{"q":true,"p":null}]}', { 'Idempotency-Key': key });
    const replay = await post('/probe/a', ' { "a" : [ 1, { "p": null, "q": true } ], "b": { "x": 1.0, "y": 2 } } ', {
      'Idempotency-Key': key,
    });
    expectReplayOf(replay, first);
  });

  it('refuses the same key with a different body: 409 IDEMPOTENCY_KEY_REUSED, nothing executes', async () => {
    const key = randomUUID();
    await post('/probe/a', '{"n":1}', { 'Idempotency-Key': key });
    const before = probe.executions;
    const other = await post('/probe/a', '{"n":2}', { 'Idempotency-Key': key });
    expectErrorMessage(other, 409, 'IDEMPOTENCY_KEY_REUSED');
    // An array is not an object with the same members; a missing body is not an empty object.
    expectErrorMessage(await post('/probe/a', '[1]', { 'Idempotency-Key': key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectErrorMessage(await post('/probe/a', '', { 'Idempotency-Key': key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(probe.executions).to.equal(before);
  });

  it('refuses the same key on another path or query of the same endpoint (the path is part of the request)', async () => {
    const key = randomUUID();
    await post('/probe/a', '{"n":1}', { 'Idempotency-Key': key });
    expectErrorMessage(await post('/probe/b', '{"n":1}', { 'Idempotency-Key': key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    // A REST POST takes no query parameter: refused (strict input) before its key is looked at.
    expectErrorMessage(await post('/probe/a?x=1', '{"n":1}', { 'Idempotency-Key': key }), 400, 'VALIDATION_FAILED');
  });

  it('keeps keys per endpoint: the same key at another endpoint is a key of its own', async () => {
    const key = randomUUID();
    const before = probe.executions;
    const probeAnswer = await post('/probe/a', '{"n":1}', { 'Idempotency-Key': key });
    const otherAnswer = await post('/other', '{"n":1}', { 'Idempotency-Key': key });
    expect([probeAnswer.status, otherAnswer.status]).to.deep.equal([200, 200]);
    expect(otherAnswer.headers.get('idempotency-replayed')).to.equal(null);
    expect(probe.executions).to.equal(before + 2);
    expectReplayOf(await post('/other', '{"n":1}', { 'Idempotency-Key': key }), otherAnswer);
  });

  it('counts a vary header (A2A-Version) as part of the request', async () => {
    // REST has no vary header: the A2A endpoint, on the same key lifecycle, is the one that has one.
    const key = randomUUID();
    const body = JSON.stringify(send10([{ data: { skill: 'explain-paid-reference', arguments: {} } }]));
    const a2a = (headers: Record<string, string>): Promise<JsonResponse> =>
      request(a2aUrl(), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
    const first = await a2a({ 'Idempotency-Key': key, 'A2A-Version': '1.0' });
    expectReplayOf(await a2a({ 'Idempotency-Key': key, 'A2A-Version': '1.0' }), first);
    expectErrorMessage(await a2a({ 'Idempotency-Key': key }), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a body that is not JSON before its key is claimed (REST reads JSON only): the key stays free', async () => {
    const key = randomUUID();
    const before = probe.executions;
    expectErrorMessage(await post('/probe/a', 'plain words', { 'Idempotency-Key': key }), 400, 'MALFORMED_JSON');
    expectErrorMessage(await post('/probe/a', '"plain words"', { 'Idempotency-Key': key }), 400, 'MALFORMED_JSON');
    expect(probe.executions).to.equal(before);
    expect(await keyRow(key)).to.equal(undefined);
    expect((await post('/probe/a', '{"n":1}', { 'Idempotency-Key': key })).status).to.equal(200);
  });

  it('answers 409 IDEMPOTENCY_REQUEST_IN_PROGRESS with Retry-After while the first request runs, then replays', async () => {
    const key = randomUUID();
    const gate = probe.hold();
    const first = post('/probe/a', '{"slow":true}', { 'Idempotency-Key': key });
    await gate.started;
    const before = probe.executions;
    const during = await post('/probe/a', '{"slow":true}', { 'Idempotency-Key': key });
    expectErrorMessage(during, 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
    const retryAfter = Number(during.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= IDEMPOTENCY_LEASE_SECONDS).to.equal(true);
    // A different request with the key in flight is still the key reused.
    expectErrorMessage(
      await post('/probe/a', '{"slow":false}', { 'Idempotency-Key': key }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    gate.open();
    const answered = await first;
    expect(answered.status).to.equal(200);
    expectReplayOf(await post('/probe/a', '{"slow":true}', { 'Idempotency-Key': key }), answered);
    expect(probe.executions).to.equal(before);
  });

  describe('invalid keys: 400 IDEMPOTENCY_KEY_INVALID naming the rule, nothing executes', () => {
    async function expectRefused(headerLines: string[], rule: RegExp, utf8 = false): Promise<void> {
      const before = probe.executions;
      const response = await rawPost(probe.url, '/probe/a', headerLines, '{"n":1}', utf8);
      expect(response.status, response.head).to.equal(400);
      const body = JSON.parse(response.body) as { code: string; message: string; status: number };
      expect(body.code).to.equal('IDEMPOTENCY_KEY_INVALID');
      expect(body.status).to.equal(400);
      expect(body.message).to.match(rule);
      expect(response.head).to.match(/\r\ncache-control: no-store/i);
      expect(probe.executions).to.equal(before);
    }

    it('an empty key', () => expectRefused(['Idempotency-Key: '], /empty/));
    it('a key of 129 characters', () =>
      expectRefused([`Idempotency-Key: ${'k'.repeat(129)}`], /129 characters.*at most 128/));
    it('a space inside', () => expectRefused(['Idempotency-Key: ab cd'], /U\+0020 at position 3/));
    it('a tab inside', () => expectRefused(['Idempotency-Key: ab\tcd'], /U\+0009 at position 3/));
    it('a non-ASCII character (UTF-8 bytes)', () =>
      expectRefused(['Idempotency-Key: café'], /U\+00C3 at position 4/, true));
    it('a Latin-1 byte', () => expectRefused(['Idempotency-Key: caf\u00e9'], /U\+00E9 at position 4/));
    it('two Idempotency-Key headers', () =>
      expectRefused(['Idempotency-Key: one', 'Idempotency-Key: two'], /one Idempotency-Key header.*has 2/));

    it('DEL and other control characters: refused by the HTTP parser itself before the app (a bare 400)', async () => {
      const before = probe.executions;
      for (const key of ['ab\u007fcd', 'ab\u0001cd']) {
        const response = await rawPost(probe.url, '/probe/a', [`Idempotency-Key: ${key}`], '{"n":1}');
        expect(response.status).to.equal(400);
      }
      expect(probe.executions).to.equal(before);
    });

    it('the rule itself refuses DEL and NUL, should a transport ever pass them', () => {
      for (const key of ['ab\u007fcd', 'ab\u0000cd', 'ab\u00a0cd']) {
        const ctx = { req: { headersDistinct: { 'idempotency-key': [key] } } } as unknown as KoaCtx;
        const answer = checkIdempotencyKeyHeader(ctx);
        expect(answer?.status, JSON.stringify(key)).to.equal(400);
        expect(JSON.parse(answer!.body).code).to.equal('IDEMPOTENCY_KEY_INVALID');
      }
      const none = { req: { headersDistinct: {} } } as unknown as KoaCtx;
      expect(checkIdempotencyKeyHeader(none)).to.equal(undefined);
    });

    it('accepts a key of 128 characters, every one of the visible ASCII range', async () => {
      const visible = Array.from({ length: 94 }, (_, index) => String.fromCharCode(0x21 + index)).join('');
      const key = `${visible}${randomUUID()}`.slice(0, 128).padEnd(128, 'x');
      expect(key).to.have.length(128);
      const first = await rawPost(probe.url, '/probe/a', [`Idempotency-Key: ${key}`], '{"n":1}');
      expect(first.status, first.body).to.equal(200);
      const replay = await rawPost(probe.url, '/probe/a', [`Idempotency-Key: ${key}`], '{"n":1}');
      expect(replay.status).to.equal(200);
      expect(replay.body).to.equal(first.body);
      expect(replay.head).to.match(/\r\nidempotency-replayed: true/i);
    });

    it('lets the endpoint shape the error body (formatError)', () => {
      const ctx = { req: { headersDistinct: { 'idempotency-key': [''] } } } as unknown as KoaCtx;
      const answer = checkIdempotencyKeyHeader(ctx, {
        formatError: (message, headers) => ({
          status: message.status,
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({
            ...message,
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: message.message },
          }),
        }),
      });
      expect(JSON.parse(answer!.body)).to.deep.include({ code: 'IDEMPOTENCY_KEY_INVALID', jsonrpc: '2.0', id: null });
    });
  });

  describe('what is stored', () => {
    it('a 5xx answer is not stored: the key is released and a retry executes again', async () => {
      const key = randomUUID();
      const before = probe.executions;
      const failed = await post('/probe/a', '{"n":5}', { 'Idempotency-Key': key, 'X-Probe-Status': '503' });
      expect(failed.status).to.equal(503);
      expect(await keyRow(key)).to.equal(undefined);
      const retried = await post('/probe/a', '{"n":5}', { 'Idempotency-Key': key });
      expect(retried.status).to.equal(200);
      expect(retried.headers.get('idempotency-replayed')).to.equal(null);
      expect(probe.executions).to.equal(before + 2);
      expectReplayOf(await post('/probe/a', '{"n":5}', { 'Idempotency-Key': key }), retried);
    });

    it('an execution that throws releases the key (the client gets the 500; a retry executes again)', async () => {
      const key = randomUUID();
      const failed = await post('/probe/a', '{"n":6}', { 'Idempotency-Key': key, 'X-Probe-Throw': '1' });
      expectErrorMessage(failed, 500, 'INTERNAL_ERROR');
      expect(await keyRow(key)).to.equal(undefined);
      expect((await post('/probe/a', '{"n":6}', { 'Idempotency-Key': key })).status).to.equal(200);
    });

    it('a 4xx answer is stored and replayed', async () => {
      const key = randomUUID();
      const before = probe.executions;
      const first = await post('/probe/a', '{"n":4}', { 'Idempotency-Key': key, 'X-Probe-Status': '404' });
      expect(first.status).to.equal(404);
      expectReplayOf(await post('/probe/a', '{"n":4}', { 'Idempotency-Key': key }), first);
      expect(probe.executions).to.equal(before + 1);
    });

    it('a 429 answer is not stored (a replay would repeat the refusal after the budget refilled)', async () => {
      const key = randomUUID();
      const before = probe.executions;
      expect((await post('/probe/a', '{"n":7}', { 'Idempotency-Key': key, 'X-Probe-Status': '429' })).status).to.equal(
        429,
      );
      expect((await post('/probe/a', '{"n":7}', { 'Idempotency-Key': key })).status).to.equal(200);
      expect(probe.executions).to.equal(before + 2);
    });

    it('an answer that cannot be stored is still answered, logged, and its key released', async () => {
      const key = randomUUID();
      const before = probe.executions;
      // Too large to keep (a REST answer is JSON, which can always be stored otherwise).
      const first = await post('/probe/a', '{"n":8}', { 'Idempotency-Key': key, 'X-Probe-Body': 'huge' });
      expect(first.status).to.equal(200);
      expect((first.body as { execution: number }).execution).to.equal(before + 1);
      expect(first.text.length).to.be.above(IDEMPOTENCY_MAX_STORED_BODY);
      expect(probe.logs.lines.some((line) => line.msg === 'answer too large to keep for idempotent replay')).to.equal(
        true,
      );
      expect(await keyRow(key)).to.equal(undefined);
      expect((await post('/probe/a', '{"n":8}', { 'Idempotency-Key': key })).status).to.equal(200);
      expect(probe.executions).to.equal(before + 2);
    });

    it('a client that goes away mid-execution leaves the key completed, not held', async () => {
      const key = randomUUID();
      const gate = probe.hold();
      const abort = new AbortController();
      const aborted = fetch(`${probe.url}/probe/a`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: '{"n":9}',
        signal: abort.signal,
      }).catch((error: unknown) => error);
      await gate.started;
      abort.abort();
      expect(await aborted).to.be.instanceOf(Error);
      const answered = probe.nextAnswered();
      gate.open();
      await answered;
      expect(await keyRow(key)).to.deep.include({ state: 'completed', response_status: 200 });
      const replay = await post('/probe/a', '{"n":9}', { 'Idempotency-Key': key });
      expect(replay.headers.get('idempotency-replayed')).to.equal('true');
    });

    it('a JSON body nested too deeply to fingerprint is a 400, not a crash', async () => {
      const depth = 200_000;
      const response = await post('/probe/a', `${'['.repeat(depth)}${']'.repeat(depth)}`, {
        'Idempotency-Key': randomUUID(),
      });
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    });
  });

  describe('leases and expiry', () => {
    it('a stale lease (its process died) is taken over by the same request; the late first attempt stores nothing', async () => {
      const key = randomUUID();
      const gate = probe.hold();
      const first = post('/probe/a', '{"n":10}', { 'Idempotency-Key': key });
      await gate.started;
      await probe.clock.advance(IDEMPOTENCY_LEASE_SECONDS + 1);
      // Past the lease, a different request is still refused; the same one takes the key over.
      expectErrorMessage(await post('/probe/a', '{"n":11}', { 'Idempotency-Key': key }), 409, 'IDEMPOTENCY_KEY_REUSED');
      const takeover = await post('/probe/a', '{"n":10}', { 'Idempotency-Key': key });
      expect(takeover.status).to.equal(200);
      expect(takeover.headers.get('idempotency-replayed')).to.equal(null);
      gate.open();
      const late = await first;
      expect(late.status, 'the first attempt still answers').to.equal(200);
      expect(late.headers.get('x-probe-execution')).to.not.equal(takeover.headers.get('x-probe-execution'));
      expectReplayOf(await post('/probe/a', '{"n":10}', { 'Idempotency-Key': key }), takeover);
    });

    it('a key past its retention executes again, even before it is swept', async () => {
      const key = randomUUID();
      const first = await post('/probe/a', '{"n":12}', { 'Idempotency-Key': key });
      await probe.clock.advance(IDEMPOTENCY_RETENTION_SECONDS - 60);
      expectReplayOf(await post('/probe/a', '{"n":12}', { 'Idempotency-Key': key }), first);
      await probe.clock.advance(61);
      const again = await post('/probe/a', '{"n":13}', { 'Idempotency-Key': key });
      expect(again.status).to.equal(200);
      expect(again.headers.get('idempotency-replayed')).to.equal(null);
    });

    it('sweepExpired deletes expired keys in bounded batches and leaves the others', async () => {
      const prefix = `sweep-${randomUUID()}`;
      for (let index = 0; index < 5; index++) await post('/probe/a', '{}', { 'Idempotency-Key': `${prefix}-${index}` });
      const live = `${prefix}-live`;
      await probe.clock.advance(IDEMPOTENCY_RETENTION_SECONDS + 1);
      await post('/probe/a', '{}', { 'Idempotency-Key': live });
      const count = async () =>
        (
          await sql<{ n: number }>('select count(*)::int as n from idempotency_keys where key like ?', [`${prefix}-%`])
        )[0]!.n;
      expect(await count()).to.equal(6);
      const { invoker } = probe.access;
      // Earlier tests' keys expire too: sweep them first, so the batches below see only these five.
      await invoker.call(
        'infrastructure.idempotency.sweepExpired',
        { batch_size: 10_000, max_batches: 1000 },
        probe.systemContext(),
      );
      expect(await count()).to.equal(1);
      expect(await keyRow(live)).to.deep.include({ state: 'completed' });
    });

    it('sweepExpired stops after max_batches, and is refused to anyone but the system', async () => {
      const prefix = `batch-${randomUUID()}`;
      for (let index = 0; index < 5; index++) await post('/probe/a', '{}', { 'Idempotency-Key': `${prefix}-${index}` });
      await probe.clock.advance(IDEMPOTENCY_RETENTION_SECONDS + 1);
      const { invoker, createContext } = probe.access;
      const first = await invoker.call(
        'infrastructure.idempotency.sweepExpired',
        { batch_size: 2, max_batches: 2 },
        probe.systemContext(),
      );
      expect(first.deleted).to.equal(4);
      const rest = await invoker.call(
        'infrastructure.idempotency.sweepExpired',
        { batch_size: 2, max_batches: 2 },
        probe.systemContext(),
      );
      expect(rest.deleted).to.be.at.least(1);
      let refused: unknown;
      await invoker
        .call(
          'infrastructure.idempotency.sweepExpired',
          {},
          createContext({ requestId: 'anonymous', log: probe.systemContext().log }),
        )
        .catch((error: unknown) => (refused = error));
      expect((refused as { appCode?: string }).appCode).to.equal('ROUTE_NOT_FOUND');
    });
  });
});
