import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../adapters/http/openapi/build-document.ts';
import { deprecated, deprecatedField, MINIMUM_NOTICE_MONTHS } from '../../core/deprecation.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { publicProcedure, router } from '../../core/trpc.ts';
import { deprecatedRouter } from '../fixtures/deprecated-router.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';

const DEPRECATION = `@${Date.UTC(2026, 11, 1) / 1000}`;
const SUNSET = 'Tue, 01 Jun 2027 00:00:00 GMT';

describe('deprecated(): headers on every answer and the OpenAPI flag from one call', () => {
  let app: TestApp;
  const policy = () => `${app.url}/api/v1/versioning-policy`;

  before(async () => {
    app = await startTestApp(service(), deprecatedRouter);
  });
  after(async () => {
    await app.close();
  });

  it('answers a deprecated operation with Deprecation (RFC 9745), Sunset (RFC 8594) and Link headers', async () => {
    const response = await request(`${app.url}/api/v1/test/old-echo?count=3`);
    expect(response.status, response.text).to.equal(200);
    expect(response.body).to.deep.equal({ count: 3 });
    expect(response.headers.get('deprecation')).to.equal(DEPRECATION);
    expect(response.headers.get('sunset')).to.equal(SUNSET);
    expect(response.headers.get('link')).to.equal(
      `<${policy()}>; rel="deprecation"; type="application/json", <${app.url}/api/v2/test/echo>; rel="successor-version"`,
    );
  });

  it('puts the same headers on its error answers', async () => {
    const response = await request(`${app.url}/api/v1/test/old-echo?count=9`);
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect(response.headers.get('deprecation')).to.equal(DEPRECATION);
    expect(response.headers.get('sunset')).to.equal(SUNSET);
    expect(response.headers.get('link')).to.include(`<${policy()}>; rel="deprecation"`);
  });

  it('keeps them on a 304', async () => {
    const first = await request(`${app.url}/api/v1/test/old-echo?count=2`);
    const again = await fetch(`${app.url}/api/v1/test/old-echo?count=2`, {
      headers: { 'If-None-Match': first.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).to.equal(304);
    expect(again.headers.get('deprecation')).to.equal(DEPRECATION);
    expect(again.headers.get('sunset')).to.equal(SUNSET);
  });

  it('sends no Sunset and no successor link when the deprecation names neither', async () => {
    const response = await request(`${app.url}/api/v1/test/old-ping`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('deprecation')).to.equal(`@${Date.UTC(2026, 10, 30) / 1000}`);
    expect(response.headers.has('sunset')).to.equal(false);
    expect(response.headers.get('link')).to.equal(`<${policy()}>; rel="deprecation"; type="application/json"`);
  });

  it('leaves every other operation without them', async () => {
    for (const path of ['/api/v1/test/echo?count=1', '/api/v1/test/echo?count=9', '/api/health', '/api/v1/agent']) {
      const response = await request(`${app.url}${path}`);
      for (const name of ['deprecation', 'sunset', 'link'])
        expect(response.headers.has(name), `${path} ${name}`).to.equal(false);
    }
  });

  it('lets browser scripts read them (CORS)', async () => {
    const response = await request(`${app.url}/api/v1/test/old-echo?count=1`, {
      headers: { Origin: 'https://app.example' },
    });
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).to.include.members(['Deprecation', 'Sunset', 'Link']);
  });

  it('marks the operation deprecated in the OpenAPI document, with the notice and the headers described', async () => {
    const { body: document } = await request<any>(`${app.url}/api/openapi.json`);
    const result = await new Validator().validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result.errors, null, 2)).to.equal(true);
    const old = document.paths['/v1/test/old-echo'].get;
    expect(old.deprecated).to.equal(true);
    expect(old.description).to.equal(
      'Echoes the count. Deprecated since 2026-12-01; it keeps working until its sunset on 2027-06-01. ' +
        'Use /v2/test/echo instead. The count moves into the path. See the versioning policy (/v1/versioning-policy).',
    );
    for (const status of ['200', '400', '500']) {
      expect(Object.keys(old.responses[status].headers), status).to.have.members(['Deprecation', 'Sunset', 'Link']);
    }
    expect(old.responses['200'].headers.Deprecation.schema.example).to.equal(DEPRECATION);
    expect(old.responses['200'].headers.Sunset.schema.example).to.equal(SUNSET);
    expect(Object.keys(document.paths['/v1/test/old-ping'].get.responses['200'].headers)).to.have.members([
      'Deprecation',
      'Link',
    ]);
    const current = document.paths['/v1/test/echo'].get;
    expect(current.deprecated).to.equal(undefined);
    expect(current.responses['200'].headers).to.equal(undefined);
    // A deprecated field is flagged on its schema; its operation is not deprecated.
    const fields = current.responses['200'].content['application/json'].schema.properties;
    expect(fields.count.deprecated).to.equal(undefined);
    expect(fields.number).to.deep.include({ type: 'number', deprecated: true });
    expect(fields.number.description).to.equal(
      'The count again. Deprecated since 2026-12-01; it keeps working until its sunset on 2027-06-01. ' +
        'Read count instead. See the versioning policy (/v1/versioning-policy).',
    );
    // Nothing of the real surface is deprecated yet.
    const flagged = Object.entries(document.paths as Record<string, any>)
      .filter(([, item]) => Object.values(item).some((operation: any) => operation.deprecated))
      .map(([path]) => path);
    expect(flagged).to.have.members(['/v1/test/old-echo', '/v1/test/old-ping']);
  });
});

describe('deprecated(): the dates and texts it refuses at module load', () => {
  const meta = { openapi: { method: 'GET' as const, path: '/v1/x' as const, operationId: 'x', summary: 'x' } };

  it('sets the deprecation and the OpenAPI flag, and leaves a meta without a REST mapping without one', () => {
    const marked = deprecated({ since: '2026-12-01', sunset: '2027-06-01' }, meta);
    expect(marked.deprecation).to.deep.equal({ since: '2026-12-01', sunset: '2027-06-01' });
    expect(marked.openapi.deprecated).to.equal(true);
    expect(marked.openapi.description).to.match(/^Deprecated since 2026-12-01;/);
    expect(meta.openapi).not.to.have.property('deprecated');
    const toolOnly = deprecated({ since: '2026-12-01' }, {});
    expect(toolOnly).to.deep.equal({ deprecation: { since: '2026-12-01' } });
  });

  it("ends an MCP tool's and an A2A skill's description with the notice", () => {
    const marked = deprecated(
      { since: '2026-12-01' },
      {
        tool: { name: 'old-tool', title: 'Old', description: 'Does things.', access: 'read', toolset: 'business' },
        skill: {
          id: 'old-skill',
          name: 'Old',
          description: 'Finds things.',
          tags: [],
          examples: [],
          summarize: () => '',
        },
      },
    );
    expect(marked.tool?.description).to.match(/^Does things\. Deprecated since 2026-12-01;/);
    expect(marked.skill?.description).to.match(/^Finds things\. Deprecated since 2026-12-01;/);
    expect(marked).not.to.have.property('openapi');
  });

  it('refuses days that are not YYYY-MM-DD calendar days', () => {
    for (const since of ['2026-12-1', '2026-02-30', '2026-13-01', '01/12/2026', '2026-12-01T00:00:00Z', '']) {
      expect(() => deprecated({ since }, meta), since).to.throw(/calendar day as YYYY-MM-DD/);
    }
    expect(() => deprecated({ since: '2026-12-01', sunset: '2027-02-29' }, meta)).to.throw(/calendar day/);
  });

  it(`refuses a sunset sooner than ${MINIMUM_NOTICE_MONTHS} months after the deprecation`, () => {
    expect(() => deprecated({ since: '2026-12-01', sunset: '2027-05-31' }, meta)).to.throw(
      /sooner than the policy allows.*2027-06-01 or later/,
    );
    expect(() => deprecated({ since: '2026-12-01', sunset: '2026-11-01' }, meta)).to.throw(/sooner/);
    // The 31st of a month without one rolls over: later, never sooner.
    expect(() => deprecated({ since: '2026-08-31', sunset: '2027-02-28' }, meta)).to.throw(/2027-03-03 or later/);
    expect(() => deprecated({ since: '2026-12-01', sunset: '2027-06-01' }, meta)).not.to.throw();
  });

  it('refuses a replacement that is not a plain path and a note that is not one line', () => {
    for (const replacement of [
      'v2/x',
      'https://other.example/v2',
      '/v2/x>; rel="evil"',
      '/v2/x y',
      '/v2/x\r\nSet-Cookie: a=b',
    ]) {
      expect(() => deprecated({ since: '2026-12-01', replacement }, meta), replacement).to.throw(/replacement/);
    }
    for (const note of ['', '  ', 'one\ntwo']) {
      expect(() => deprecated({ since: '2026-12-01', note }, meta), JSON.stringify(note)).to.throw(/note/);
    }
  });

  it('checks a deprecated field the same way, and keeps its other metadata', () => {
    expect(() => deprecatedField(z.string(), { since: '2026-12-01', sunset: '2027-01-01' })).to.throw(/sooner/);
    const field = deprecatedField(z.string().meta({ title: 'Old name', description: 'The name.' }), {
      since: '2026-12-01',
    });
    expect(field.meta()).to.deep.include({ title: 'Old name', deprecated: true });
    expect(field.description).to.match(/^The name\. Deprecated since 2026-12-01; it keeps working at least 6 months/);
  });

  it('is the only way: the OpenAPI builder refuses a deprecated flag set by hand', () => {
    const handMade = router({
      legacy: publicProcedure
        .meta({ openapi: { ...meta.openapi, deprecated: true } })
        .input(z.void())
        .output(z.object({}))
        .query(() => ({})),
    });
    expect(() =>
      buildOpenApiDocument(createInvoker(handMade) as unknown as Parameters<typeof buildOpenApiDocument>[0], {
        site: 'http://x.example',
        base: 'http://x.example/api',
      }),
    ).to.throw(/legacy: mark a procedure deprecated with deprecated\(\)/);
  });
});
