import { randomUUID } from 'node:crypto';
import { CancelTaskRequest, GetTaskRequest, ListTasksRequest } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { expect } from 'chai';
import { errorCatalogue, type ErrorCode } from '../../core/errors/index.ts';
import { service } from '../helpers/root-hooks.ts';
import type { JsonResponse } from '../helpers/http.ts';
import { rpc, send03, send10, skillPart03, V1, type Json } from './fixtures.ts';

/** The 400 answer to a bad exchange: an ErrorMessage and a JSON-RPC error response in one object, never cached. */
function expectDual(response: JsonResponse<Json>, rpcCode: number, code: string, id: unknown = null): void {
  expect(response.status, response.text).to.equal(400);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  const body = response.body;
  expect(body).to.include({ code, status: 400, jsonrpc: '2.0' });
  expect(body.message).to.be.a('string').and.not.empty;
  expect(body.resolution).to.be.a('string').and.not.empty;
  expect(body.id).to.deep.equal(id);
  expect(body.error).to.deep.equal({ code: rpcCode, message: body.message });
}

/**
 * A JSON-RPC error inside a well-formed exchange: HTTP 200, the id echoed, the catalogue code in its
 * data: 0.3's data is the ErrorMessage, 1.0's the typed details whose ErrorInfo carries it.
 */
function expectRpcError(response: JsonResponse<Json>, rpcCode: number, code: string, id: unknown): Json {
  expect(response.status, response.text).to.equal(200);
  expect(response.body.jsonrpc).to.equal('2.0');
  expect(response.body.id).to.deep.equal(id);
  expect(response.body).not.to.have.property('result');
  expect(response.body.error.code, response.text).to.equal(rpcCode);
  const { data } = response.body.error;
  const info = Array.isArray(data) ? data.find((detail: Json) => detail['@type'] === ERROR_INFO) : undefined;
  expect(Array.isArray(data) ? info?.metadata.code : data.code).to.equal(code);
  return response.body.error;
}

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

describe('A2A errors', () => {
  describe('an invalid envelope: HTTP 400, both an ErrorMessage and a JSON-RPC error', () => {
    it('not JSON: -32700 MALFORMED_JSON', async () => {
      expectDual(await rpc('{"jsonrpc": "2.0", '), -32700, 'MALFORMED_JSON');
      expectDual(await rpc(''), -32700, 'MALFORMED_JSON');
    });

    it('a batch, or a value that is not an object: -32600', async () => {
      expectDual(await rpc([send03([{ kind: 'text', text: 'hi' }])]), -32600, 'A2A_INVALID_REQUEST');
      for (const body of ['"text"', '42', 'null', 'true']) expectDual(await rpc(body), -32600, 'A2A_INVALID_REQUEST');
    });

    it('jsonrpc missing or not "2.0": -32600, echoing a readable id', async () => {
      expectDual(await rpc({ id: 7, method: 'message/send', params: {} }), -32600, 'A2A_INVALID_REQUEST', 7);
      expectDual(await rpc({ jsonrpc: '1.0', id: 'a', method: 'message/send' }), -32600, 'A2A_INVALID_REQUEST', 'a');
      expectDual(await rpc({ jsonrpc: 2, id: 'a', method: 'message/send' }), -32600, 'A2A_INVALID_REQUEST', 'a');
    });

    it('method missing, empty or not a string: -32600', async () => {
      expectDual(await rpc({ jsonrpc: '2.0', id: 1 }), -32600, 'A2A_INVALID_REQUEST', 1);
      expectDual(await rpc({ jsonrpc: '2.0', id: 1, method: '' }), -32600, 'A2A_INVALID_REQUEST', 1);
      expectDual(await rpc({ jsonrpc: '2.0', id: 1, method: 5 }), -32600, 'A2A_INVALID_REQUEST', 1);
    });

    it('id missing (a notification) or of a wrong type: -32600 with id null', async () => {
      expectDual(await rpc({ jsonrpc: '2.0', method: 'message/send' }), -32600, 'A2A_INVALID_REQUEST');
      for (const id of [{}, [1], true, 1.5])
        expectDual(await rpc({ jsonrpc: '2.0', id, method: 'message/send' }), -32600, 'A2A_INVALID_REQUEST');
    });

    it('params that are not an object: -32600', async () => {
      expectDual(
        await rpc({ jsonrpc: '2.0', id: 3, method: 'message/send', params: [] }),
        -32600,
        'A2A_INVALID_REQUEST',
        3,
      );
    });

    it('accepts a null id and echoes it', async () => {
      const response = await rpc({ jsonrpc: '2.0', id: null, method: 'tasks/get', params: { id: randomUUID() } });
      expectRpcError(response, -32001, 'A2A_TASK_NOT_FOUND', null);
    });

    it('a body that is not JSON by its Content-Type: 415; a body over 64 KiB: 413', async () => {
      const form = await rpc('a=1', { 'Content-Type': 'application/x-www-form-urlencoded' });
      expect(form.status).to.equal(415);
      expect(form.body).to.include({ code: 'UNSUPPORTED_MEDIA_TYPE', jsonrpc: '2.0' });
      const large = await rpc(send03([{ kind: 'text', text: 'x'.repeat(70 * 1024) }]));
      expect(large.status).to.equal(413);
      expect(large.body).to.include({ code: 'PAYLOAD_TOO_LARGE', jsonrpc: '2.0' });
    });
  });

  describe('versions and methods', () => {
    it('an unsupported A2A-Version: -32009, HTTP 400, the id echoed', async () => {
      const request = send10([{ text: 'hi' }]);
      for (const version of ['2.0', '0.2', 'latest']) {
        const response = await rpc(request, { 'A2A-Version': version });
        expectDual(response, -32009, 'A2A_VERSION_NOT_SUPPORTED', request.id);
      }
    });

    it('accepts 0.3 and 0.3.0 as well as no header for 0.3', async () => {
      for (const headers of [{}, { 'A2A-Version': '0.3' }, { 'A2A-Version': '0.3.0' }] as Record<string, string>[]) {
        const response = await rpc(
          { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: randomUUID() } },
          headers,
        );
        expectRpcError(response, -32001, 'A2A_TASK_NOT_FOUND', 1);
      }
    });

    it('a method of the other version: -32601 saying which header to send', async () => {
      const v1Method = expectRpcError(
        await rpc({ ...send10([{ text: 'hi' }]), id: 4 }),
        -32601,
        'A2A_METHOD_NOT_FOUND',
        4,
      );
      expect(v1Method.message).to.contain('A2A-Version: 1.0');
      const legacy = expectRpcError(await rpc({ ...send03([]), id: 5 }, V1), -32601, 'A2A_METHOD_NOT_FOUND', 5);
      expect(legacy.message).to.contain('without A2A-Version');
    });

    it('an unknown method: -32601 listing the methods', async () => {
      const error = expectRpcError(
        await rpc({ jsonrpc: '2.0', id: 'u', method: 'tasks/list', params: {} }),
        -32601,
        'A2A_METHOD_NOT_FOUND',
        'u',
      );
      expect(error.message).to.contain('message/send').and.to.contain('tasks/get');
      const proto = expectRpcError(
        await rpc({ jsonrpc: '2.0', id: 'p', method: 'toString' }),
        -32601,
        'A2A_METHOD_NOT_FOUND',
        'p',
      );
      expect(proto.message).to.contain('toString');
    });
  });

  describe('invalid params: -32602 naming the field', () => {
    const cases: Array<[string, Json, string]> = [
      ['no message', { jsonrpc: '2.0', id: 1, method: 'message/send', params: {} }, 'message'],
      ['no messageId', send03([{ kind: 'text', text: 'hi' }], { messageId: undefined }), 'message.messageId'],
      ['role agent', send03([{ kind: 'text', text: 'hi' }], { role: 'agent' }), 'message.role'],
      ['no parts', send03([]), 'message.parts'],
      ['parts not an array', send03([], { parts: 'x' }), 'message.parts'],
      ['21 parts', send03(Array.from({ length: 21 }, () => ({ kind: 'text', text: 'hi' }))), 'message.parts'],
      ['unknown part kind', send03([{ kind: 'image' }]), 'message.parts.0'],
      ['text over 2,000 characters', send03([{ kind: 'text', text: 'x'.repeat(2001) }]), 'message.parts.0.text'],
      ['data that is not an object', send03([{ kind: 'data', data: [1] }]), 'message.parts.0.data'],
      [
        'historyLength negative',
        send03([skillPart03('find-blog-posts')], {}, { configuration: { historyLength: -1 } }),
        'configuration.historyLength',
      ],
      ['no skill in the data part', send03([{ kind: 'data', data: { arguments: {} } }]), 'message.parts.0.data.skill'],
      ['two data parts', send03([skillPart03('find-blog-posts'), skillPart03('find-blog-posts')]), 'message.parts.1'],
      [
        'arguments not an object',
        send03([{ kind: 'data', data: { skill: 'find-blog-posts', arguments: 'x' } }]),
        'message.parts.0.data.arguments',
      ],
      ['only empty text', send03([{ kind: 'text', text: '   ' }]), 'message.parts'],
      [
        'a contextId with a NUL character',
        send03([{ kind: 'text', text: 'hi' }], { contextId: 'a\u0000b' }),
        'message.contextId',
      ],
      ['a text part with a NUL character', send03([{ kind: 'text', text: 'a\u0000b' }]), 'message.parts.0.text'],
    ];
    for (const [name, request, field] of cases) {
      it(`0.3, ${name}: names ${field}`, async () => {
        const error = expectRpcError(await rpc(request), -32602, 'A2A_INVALID_PARAMS', request.id);
        expect(error.message).to.contain(`"${field}`);
        expect(error.data.details, 'details').to.be.an('array').that.is.not.empty;
      });
    }

    it('a file part: -32005 ContentTypeNotSupported naming the part (0.3 and 1.0, whose details say CONTENT_TYPE_NOT_SUPPORTED)', async () => {
      const legacy = send03([{ kind: 'file', file: { uri: 'https://example.com/a.pdf' } }]);
      const error03 = expectRpcError(await rpc(legacy), -32005, 'A2A_CONTENT_TYPE_NOT_SUPPORTED', legacy.id);
      expect(error03.message).to.contain('"message.parts.0"');
      for (const part of [{ url: 'https://example.com/a.pdf', mediaType: 'application/pdf' }, { raw: 'AAAA' }]) {
        const modern = send10([part]);
        const answered = await rpc(modern, V1);
        expect(answered.body.error.code, answered.text).to.equal(-32005);
        expect(answered.body.error.message).to.contain('"message.parts.0"');
        expect(answered.body.error.data[0]).to.deep.include({
          '@type': ERROR_INFO,
          reason: 'CONTENT_TYPE_NOT_SUPPORTED',
          domain: 'a2a-protocol.org',
        });
      }
    });

    it('an unknown skill: -32602 listing the skills', async () => {
      const request = send03([skillPart03('order-pizza')]);
      const error = expectRpcError(await rpc(request), -32602, 'A2A_INVALID_PARAMS', request.id);
      expect(error.message)
        .to.contain('order-pizza')
        .and.to.contain('find-businesses')
        .and.to.contain('read-blog-post');
    });

    it('arguments the skill refuses: -32602 VALIDATION_FAILED naming each argument, with the zod issues', async () => {
      const request = send03([skillPart03('find-businesses', { per_page: 0, colour: 'red' })]);
      const error = expectRpcError(await rpc(request), -32602, 'VALIDATION_FAILED', request.id);
      expect(error.message).to.contain('"per_page"').and.to.contain('colour');
      expect(error.data.details.map((detail: Json) => detail.parameter)).to.include('per_page');
    });

    it('1.0: role, a part with two contents or none (url and raw parts: -32005, above)', async () => {
      const cases: Array<[Json, string]> = [
        [send10([{ text: 'hi' }], { role: 'user' }), 'message.role'],
        [send10([{ text: 'hi', data: { skill: 'find-blog-posts' } }]), 'message.parts.0'],
        [send10([{ data: 'find-blog-posts' }]), 'message.parts.0.data'],
        [send10([{ metadata: {} }]), 'message.parts.0'],
      ];
      for (const [request, field] of cases) {
        const error = expectRpcError(await rpc(request, V1), -32602, 'A2A_INVALID_PARAMS', request.id);
        expect(error.message, JSON.stringify(request.params)).to.contain(`"${field}`);
      }
    });

    it('tasks/get and GetTask without an id: -32602 naming id', async () => {
      const legacy = expectRpcError(
        await rpc({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: {} }),
        -32602,
        'A2A_INVALID_PARAMS',
        1,
      );
      expect(legacy.message).to.contain('"id"');
      const current = expectRpcError(
        await rpc({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: 5 } }, V1),
        -32602,
        'A2A_INVALID_PARAMS',
        2,
      );
      expect(current.message).to.contain('"id"');
    });
  });

  describe('tasks', () => {
    it('an unknown task id: -32001 in tasks/get, GetTask and a message continuing it', async () => {
      for (const taskId of [randomUUID(), 'not-a-uuid']) {
        expectRpcError(
          await rpc({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: taskId } }),
          -32001,
          'A2A_TASK_NOT_FOUND',
          1,
        );
        expectRpcError(
          await rpc({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: taskId } }, V1),
          -32001,
          'A2A_TASK_NOT_FOUND',
          2,
        );
        const request = send03([skillPart03('find-blog-posts')], { taskId });
        expectRpcError(await rpc(request), -32001, 'A2A_TASK_NOT_FOUND', request.id);
      }
    });

    it('a message for a task that has ended: -32004', async () => {
      const first = await rpc(send03([skillPart03('find-blog-posts', { per_page: 1 })]));
      expect(first.body.result.status.state, first.text).to.equal('completed');
      const request = send03([skillPart03('find-blog-posts')], { taskId: first.body.result.id });
      const error = expectRpcError(await rpc(request), -32004, 'A2A_UNSUPPORTED_OPERATION', request.id);
      expect(error.message).to.contain(first.body.result.id).and.to.contain('completed');
      const v1 = send10([{ data: { skill: 'find-blog-posts' } }], { taskId: first.body.result.id });
      expectRpcError(await rpc(v1, V1), -32004, 'A2A_UNSUPPORTED_OPERATION', v1.id);
    });
  });

  describe('1.0: error.data is the typed details array (google.rpc ErrorInfo, BadRequest)', () => {
    const info = (reason: string, domain: string, code: string) => ({
      '@type': ERROR_INFO,
      reason,
      domain,
      metadata: { code, resolution: errorCatalogue[code as ErrorCode].resolution, status: '200' },
    });

    it('an A2A error: ErrorInfo with its reason in the a2a-protocol.org domain, the ErrorMessage in metadata', async () => {
      const missing = await rpc({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: randomUUID() } }, V1);
      expect(missing.body.error.code).to.equal(-32001);
      expect(missing.body.error.data).to.deep.equal([info('TASK_NOT_FOUND', 'a2a-protocol.org', 'A2A_TASK_NOT_FOUND')]);
    });

    it('-32602: ErrorInfo with the catalogue code in this service’s domain, and a BadRequest naming each field', async () => {
      const response = await rpc({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { pageSize: 0 } }, V1);
      expect(response.body.error.code).to.equal(-32602);
      expect(response.body.error.data).to.deep.equal([
        info('A2A_INVALID_PARAMS', 'field-service-api', 'A2A_INVALID_PARAMS'),
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: 'pageSize', description: 'expected an integer from 1 to 100 (50 when left out)' }],
        },
      ]);
    });

    it('-32601 in 1.0 is ErrorInfo only; the same errors in 0.3 keep the ErrorMessage as data', async () => {
      const modern = await rpc({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: {} }, V1);
      expect(modern.body.error.data).to.deep.equal([
        info('A2A_METHOD_NOT_FOUND', 'field-service-api', 'A2A_METHOD_NOT_FOUND'),
      ]);
      const legacy = await rpc({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: randomUUID() } });
      expect(legacy.body.error.data).to.deep.equal({
        code: 'A2A_TASK_NOT_FOUND',
        message: legacy.body.error.message,
        resolution: errorCatalogue.A2A_TASK_NOT_FOUND.resolution,
        status: 200,
      });
    });

    it('the SDK (1.3, 1.0 mode) surfaces them as its typed errors', async () => {
      const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
      const failure = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: unknown) => error as Error & { envelopeCode?: number; data?: unknown },
        );
      const missing = await failure(client.getTask(GetTaskRequest.fromJSON({ id: randomUUID() })));
      expect(missing?.name).to.equal('TaskNotFoundError');
      expect(missing?.envelopeCode).to.equal(-32001);
      expect(missing?.data).to.deep.include(info('TASK_NOT_FOUND', 'a2a-protocol.org', 'A2A_TASK_NOT_FOUND'));
      const waiting = await rpc(send10([{ text: 'hello' }]), V1);
      await client.cancelTask(CancelTaskRequest.fromJSON({ id: waiting.body.result.task.id }));
      const sent = await rpc(send10([{ data: { skill: 'explain-paid-reference' } }]), V1);
      const ended = await failure(client.cancelTask(CancelTaskRequest.fromJSON({ id: sent.body.result.task.id })));
      expect(ended?.name).to.equal('TaskNotCancelableError');
      expect(ended?.envelopeCode).to.equal(-32002);
      const malformed = await failure(client.listTasks(ListTasksRequest.fromJSON({ pageSize: 500 })));
      expect(malformed?.name).to.equal('RequestMalformedError');
      expect(malformed?.envelopeCode).to.equal(-32602);
    });
  });
});
