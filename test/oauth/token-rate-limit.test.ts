import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { startTestService, testConfig, type TestService } from '../helpers/test-service.ts';
import { expectOAuthError, postForm, revocationEndpoint, tokenEndpoint } from './token-flow-fixtures.ts';
import type { JsonResponse } from '../helpers/http.ts';

describe('OAuth token endpoint: per-client-address budget', function () {
  this.timeout(60_000);
  let limited: TestService;
  before(async () => {
    // Behind a "proxy", so the budget is this run's own address's (on PostgreSQL budgets are shared by every instance).
    limited = await startTestService({ config: testConfig({ OAUTH_TOKEN_PER_MINUTE: '3', TRUST_PROXY: 'true' }) });
  });
  after(() => limited?.stop());

  it('answers 429 with Retry-After and RateLimit headers beyond OAUTH_TOKEN_PER_MINUTE, shared by the token and revocation endpoints', async () => {
    const client = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
    const attempt = (index: number): Promise<JsonResponse<unknown>> =>
      index % 2 === 0
        ? postForm(
            tokenEndpoint(limited.url),
            { grant_type: 'refresh_token', client_id: 'mcp_unknown', refresh_token: 'x' },
            client,
          )
        : postForm(revocationEndpoint(limited.url), { client_id: 'mcp_unknown', token: 'x' }, client);
    for (let index = 0; index < 3; index += 1) {
      const counted = await attempt(index);
      // Counted requests still get their own answer (here: the unknown client) with the budget's state.
      expectOAuthError(counted, 401, 'invalid_client');
      expect(counted.headers.get('ratelimit-policy')).to.equal('"oauth-token";q=3;w=60');
      expect(counted.headers.get('ratelimit')).to.match(new RegExp(`^"oauth-token";r=${2 - index};t=\\d+$`));
    }
    for (const index of [3, 4]) {
      const refused = await attempt(index);
      expectOAuthError(refused, 429, 'rate_limited', 'per 60 seconds');
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
      expect(refused.headers.get('ratelimit')).to.match(/^"oauth-token";r=0;t=\d+$/);
    }
    // Another address has its own budget.
    const other = await postForm(
      tokenEndpoint(limited.url),
      { grant_type: 'password', client_id: 'mcp_unknown' },
      { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` },
    );
    expectOAuthError(other, 401, 'invalid_client');
  });

  it('counts only requests that reach the token procedure: a body that is not a form is refused before the budget', async () => {
    const client = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
    for (let index = 0; index < 5; index += 1) {
      const response = await fetch(tokenEndpoint(limited.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...client },
        body: '{}',
      });
      expect(response.status).to.equal(400);
      await response.arrayBuffer();
    }
    const counted = await postForm(
      tokenEndpoint(limited.url),
      { grant_type: 'refresh_token', client_id: 'mcp_unknown', refresh_token: 'x' },
      client,
    );
    expect(counted.headers.get('ratelimit')).to.match(/^"oauth-token";r=2;t=\d+$/);
    expect(counted.status).to.equal(401);
  });
});
