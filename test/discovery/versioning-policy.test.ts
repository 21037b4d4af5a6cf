import { expect } from 'chai';
import { MINIMUM_NOTICE_MONTHS } from '../../core/deprecation.ts';
import { ZGetVersioningPolicyOutput } from '../../core/routers/discovery/get-versioning-policy.schema.ts';
import { API_VERSION } from '../../core/version.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

type Policy = ReturnType<typeof ZGetVersioningPolicyOutput.parse>;

describe('GET /api/v1/versioning-policy', () => {
  const policyUrl = () => `${service().url}/api/v1/versioning-policy`;
  let policy: Policy;
  let headers: Headers;

  before(async () => {
    const response = await request<Policy>(policyUrl());
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    policy = response.body;
    headers = response.headers;
  });

  it('matches its output schema and names itself, the API version and /v1', () => {
    expect(() => ZGetVersioningPolicyOutput.parse(policy)).not.to.throw();
    expect(policy.url).to.equal(policyUrl());
    expect(policy.api_version).to.equal(API_VERSION);
    expect(policy.current_version).to.deep.equal({
      major: 1,
      path_prefix: '/v1',
      base_url: `${service().url}/api/v1`,
    });
    expect(headers.get('cache-control')).to.equal('public, max-age=300');
  });

  it('states what /v1 promises, what may change, and what clients must tolerate', () => {
    const promises = policy.promises.join(' ');
    for (const word of ['removed', 'renamed', 'type', 'required']) expect(promises).to.include(word);
    expect(policy.compatible_changes.join(' ')).to.match(/enumerations/);
    expect(policy.client_expectations.join(' ')).to.match(/Ignore fields you do not know/);
    expect(policy.breaking_changes).to.include('/v2');
  });

  it('states the notice period the code enforces, and the headers exactly as the REST adapter sends them', () => {
    expect(policy.deprecation.minimum_notice_months).to.equal(MINIMUM_NOTICE_MONTHS);
    const byName = Object.fromEntries(policy.deprecation.headers.map((header) => [header.name, header]));
    expect(byName.Deprecation!.standard).to.equal('RFC 9745');
    expect(byName.Deprecation!.example).to.equal(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(byName.Sunset!.standard).to.equal('RFC 8594');
    expect(byName.Sunset!.example).to.equal('Tue, 01 Jun 2027 00:00:00 GMT');
    expect(byName.Link!.example).to.equal(
      `<${policyUrl()}>; rel="deprecation"; type="application/json", ` +
        `<${service().url}/api/v2/directory/public>; rel="successor-version"`,
    );
  });

  it('says how the health version, the MCP catalogue revision and the A2A card version change', () => {
    const surfaces = Object.fromEntries(policy.version_identifiers.map((entry) => [entry.surface, entry]));
    expect(Object.keys(surfaces)).to.have.members(['REST', 'MCP', 'A2A']);
    expect(surfaces.REST!.where).to.include(`${service().url}/api/health`);
    expect(surfaces.MCP!.where).to.include('catalogue_revision').and.include('catalogue_hash');
    expect(surfaces.MCP!.rule).to.include('tools/list');
    expect(surfaces.A2A!.where).to.include(`${service().url}/api/v1/agent/a2a`);
    expect(policy.changelog).not.to.be.empty;
    expect(policy.changelog[0]!.api_version).to.equal(API_VERSION);
  });

  it('is linked from the discovery index', async () => {
    const index = await request<{ links: { id: string; href: string }[] }>(`${service().url}/api/v1/agent`);
    expect(index.body.links.find((link) => link.id === 'versioning-policy')?.href).to.equal(policyUrl());
  });

  it("is linked from the OpenAPI document's info, and described there as an operation", async () => {
    const { body: document } = await request<any>(`${service().url}/api/openapi.json`);
    expect(document.info['x-versioning-policy']).to.equal(policyUrl());
    expect(document.info.description).to.include(policyUrl()).and.include(`${service().url}/api/v1/agent`);
    const operation = document.paths['/v1/versioning-policy'].get;
    expect(operation.operationId).to.equal('versioning-policy');
    expect(operation.security).to.deep.equal([]);
    expect(operation.deprecated).to.equal(undefined);
  });
});
