import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { expect } from 'chai';
import type { AppRouter } from '../../core/routers/_app.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

describe('GET /api/health', () => {
  it('answers 200 with status, version and the database round trip', async () => {
    const response = await request<Record<string, any>>(`${service().url}/api/health`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(response.body.status).to.equal('ok');
    expect(response.body.version).to.equal('1.0.0');
    expect(response.body.database.status).to.equal('ok');
    expect(response.body.database.round_trip_ms).to.be.a('number').and.at.least(0);
    expect(response.headers.get('cache-control')).to.equal('no-store');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${service().url}/api/health`, { method: 'HEAD' });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal('');
  });

  it('echoes an acceptable X-Request-Id and replaces an unsafe one', async () => {
    const given = await request(`${service().url}/api/health`, { headers: { 'X-Request-Id': 'trace-123.abc' } });
    expect(given.headers.get('x-request-id')).to.equal('trace-123.abc');
    const unsafe = await request(`${service().url}/api/health`, { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(unsafe.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    const none = await request(`${service().url}/api/health`);
    expect(none.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('logs one structured line per request with the request id', async () => {
    await request(`${service().url}/api/health?secret=do-not-log`, { headers: { 'X-Request-Id': 'log-line-check' } });
    const line = service().logs.find((entry) => entry.reqId === 'log-line-check' && entry.msg === 'request completed');
    expect(line).to.include({ method: 'GET', path: '/api/health', status: 200 });
    expect(line!.duration_ms).to.be.a('number');
    expect(JSON.stringify(line)).not.to.contain('do-not-log');
  });

  it('sends security headers on every response', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const response = await request(`${service().url}${path}`);
      expect(response.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(response.headers.get('x-frame-options'), path).to.equal('SAMEORIGIN');
      expect(response.headers.get('referrer-policy'), path).to.equal('no-referrer');
      expect(response.headers.get('content-security-policy'), path).to.contain("frame-ancestors 'none'");
    }
  });

  it('is reachable by an internal typed client through /api/trpc', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${service().url}/api/trpc` })] });
    const health = await client.health.get.query();
    // The type flows end to end: `health.version` is a string at compile time.
    const version: string = health.version;
    expect(version).to.equal('1.0.0');
    expect(health.status).to.equal('ok');
  });
});
