import { expect } from 'chai';
import { probeRouter } from '../fixtures/probe-router.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';

describe('error responses', () => {
  let probe: TestApp;
  before(async () => {
    probe = await startTestApp(service(), probeRouter);
  });
  after(async () => {
    await probe.close();
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND', async () => {
    for (const path of ['/api/v1/nothing-here', '/api', '/nothing-here', '/api/health/extra']) {
      const response = await request(`${service().url}${path}`);
      expectErrorMessage(response, 404, 'ROUTE_NOT_FOUND');
    }
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'PATCH', 'PROPFIND']) {
      const response = await request(`${service().url}/api/health`, { method });
      expectErrorMessage(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.get('allow')).to.contain('GET');
      expect((response.body as { message: string }).message).to.contain(method);
    }
  });

  it('answers a body over the limit with 413', async () => {
    const big = JSON.stringify({ filler: 'x'.repeat(service().config.maxBodyBytes + 10) });
    const response = await request(`${service().url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expectErrorMessage(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers a body that is not JSON with 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await request(`${service().url}/api/health`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: 'a=1',
      });
      expectErrorMessage(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    for (const body of ['{bad', '{"a":1,}', '"just a string"', '[1,2']) {
      const response = await request(`${service().url}/api/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expectErrorMessage(response, 400, 'MALFORMED_JSON');
    }
  });

  it('answers an invalid query parameter with 400 VALIDATION_FAILED naming it, zod issues under details', async () => {
    const cases: Array<[string, string]> = [
      ['count=0', 'count'],
      ['count=6', 'count'],
      ['count=abc', 'count'],
      ['', 'count'],
      ['count=2&label=far-too-long-label', 'label'],
    ];
    for (const [query, parameter] of cases) {
      const response = await request<{ message: string; details: Array<Record<string, unknown>> }>(
        `${probe.url}/api/v1/test/echo?${query}`,
      );
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect(response.body.message, query).to.contain(`"${parameter}"`);
      expect(response.body.details, query).to.be.an('array').that.is.not.empty;
      expect(response.body.details[0]).to.include({ parameter });
      expect(response.body.details[0]).to.have.property('code');
    }
    const ok = await request(`${probe.url}/api/v1/test/echo?count=3&label=hi`);
    expect(ok.status).to.equal(200);
    expect(ok.body).to.deep.equal({ count: 3, label: 'hi' });
  });

  it('hands path parameters to procedures percent-decoded (a malformed escape stays as sent)', async () => {
    const cases: Array<[string, string]> = [
      ['caf%C3%A9', 'café'],
      ['with%20space', 'with space'],
      ['a%2Fb', 'a/b'],
      ['%E0%A4%A', '%E0%A4%A'],
    ];
    for (const [sent, received] of cases) {
      const response = await request<{ word: string }>(`${probe.url}/api/v1/test/words/${sent}`);
      expect(response.status, sent).to.equal(200);
      expect(response.body.word, sent).to.equal(received);
    }
    const tooLong = await request(`${probe.url}/api/v1/test/words/${'x'.repeat(51)}`);
    expectErrorMessage(tooLong, 400, 'VALIDATION_FAILED');
  });

  it('masks an internal error as 500 with the request id, and logs the stack', async () => {
    const response = await request<{ message: string }>(`${probe.url}/api/v1/test/boom`, {
      headers: { 'X-Request-Id': 'boom-request-1' },
    });
    expectErrorMessage(response, 500, 'INTERNAL_ERROR');
    expect(response.body.message).to.contain('boom-request-1');
    expect(response.text).not.to.contain('secret');
    expect(response.text).not.to.contain('leaked');
    const logged = probe.logs.find((line) => line.reqId === 'boom-request-1' && line.msg === 'unexpected error');
    expect(logged, 'error log line').to.exist;
    const err = logged!.err as { stack: string; message: string };
    expect(err.stack).to.contain('probe-router.ts');
  });

  it('keeps errors of the tRPC endpoint in tRPC shape with the ErrorMessage inside', async () => {
    const response = await request<{ error: { data: { errorMessage: Record<string, unknown> } } }>(
      `${service().url}/api/trpc/no.such.procedure`,
    );
    expect(response.status).to.equal(404);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(response.body.error.data.errorMessage).to.include({ code: 'ROUTE_NOT_FOUND', status: 404 });
  });
});
