import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { expect } from 'chai';
import type { InternalApiRouter } from '../../core/routers/internal-api.ts';
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
    // Health takes no query parameter: this one is refused (400), and the request still logs one line.
    expect(line).to.include({ method: 'GET', path: '/api/health', status: 400 });
    expect(line!.duration_ms).to.be.a('number');
    expect(JSON.stringify(line)).not.to.contain('do-not-log');
  });

  it("sends OWASP's REST security headers on every API answer, errors included, and nothing meant for HTML pages", async () => {
    for (const path of [
      '/api/health',
      '/api/no-such-route',
      '/api/v1/directory/public?per_page=1',
      '/api/openapi.json',
    ]) {
      const response = await request(`${service().url}${path}`);
      expect(response.headers.get('content-security-policy'), path).to.equal(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(response.headers.get('x-frame-options'), path).to.equal('DENY');
      expect(response.headers.get('referrer-policy'), path).to.equal('no-referrer');
      expect(response.headers.get('cross-origin-resource-policy'), path).to.equal('cross-origin');
      // Served over plain HTTP here: HSTS is only sent when {site_url} is https.
      expect(response.headers.get('strict-transport-security'), path).to.equal(null);
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(response.headers.get(documentOnly), `${path} ${documentOnly}`).to.equal(null);
      }
    }
  });

  it("sends helmet's document headers on the HTML pages: the API reference and the OAuth pages", async () => {
    for (const path of ['/api/docs', '/api/oauth/authorize']) {
      const response = await request(`${service().url}${path}`);
      expect(response.headers.get('content-type'), path).to.match(/^text\/html/);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).to.contain("default-src 'self'");
      expect(policy, path).to.contain("script-src 'self'");
      expect(policy, path).to.contain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).to.equal('SAMEORIGIN');
      expect(response.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(response.headers.get('cross-origin-opener-policy'), path).to.equal('same-origin');
    }
  });

  it('answers CORS only to requests with an Origin, and always varies on it', async () => {
    const path = `${service().url}/api/v1/directory/public?per_page=1`;
    const plain = await request(path);
    expect(plain.headers.get('access-control-allow-origin')).to.equal(null);
    expect(plain.headers.get('access-control-expose-headers')).to.equal(null);
    expect(plain.headers.get('vary')).to.match(/\bOrigin\b/);

    const browser = await request(path, { headers: { Origin: 'https://agent.example' } });
    expect(browser.headers.get('access-control-allow-origin')).to.equal('*');
    expect(browser.headers.get('access-control-expose-headers')).to.equal(
      'X-Request-Id,ETag,Retry-After,RateLimit,RateLimit-Policy,Allow,WWW-Authenticate,Location,Deprecation,Sunset,Link,PAYMENT-REQUIRED,PAYMENT-RESPONSE',
    );
    expect(browser.headers.get('vary')).to.match(/\bOrigin\b/);
    expect(browser.text).to.equal(plain.text);

    // A script of another origin can read a bearer challenge (here tRPC's endpoint refusing a bad token).
    const refused = await request(`${service().url}/api/trpc/workspace.scheduling.getSchedule`, {
      headers: { Origin: 'https://agent.example', Authorization: 'Bearer not-a-token' },
    });
    expect(refused.status).to.equal(401);
    expect(refused.headers.get('www-authenticate')).to.match(/^Bearer /);
    expect(refused.headers.get('access-control-allow-origin')).to.equal('*');
    expect(refused.headers.get('access-control-expose-headers')?.split(',')).to.include('WWW-Authenticate');

    const preflight = await request(path, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers.get('access-control-allow-origin')).to.equal('*');
    expect(preflight.headers.get('access-control-allow-headers')).to.equal('authorization');
    expect(preflight.headers.get('access-control-max-age')).to.equal('600');
  });

  it('is reachable by an internal typed client through /api/trpc', async () => {
    const client = createTRPCClient<InternalApiRouter>({
      links: [httpBatchLink({ url: `${service().url}/api/trpc` })],
    });
    const health = await client.health.getHealth.query();
    // The type flows end to end: `health.version` is a string at compile time.
    const version: string = health.version;
    expect(version).to.equal('1.0.0');
    expect(health.status).to.equal('ok');
  });
});
