import { expect } from 'chai';
import { mcpScopeFor, principalAllows } from '../../core/auth/scopes.ts';
import type { Principal } from '../../core/context.ts';

const oauth = (scopes: string[]): Principal => ({
  kind: 'oauth',
  businessId: 'b',
  userId: 'u',
  clientId: 'c',
  grantId: 'g',
  tokenId: 't',
  scopes,
});
const token = (scopes: string[]): Principal => ({ kind: 'api_token', businessId: 'b', tokenId: 't', scopes });

describe('tool access by scope', () => {
  it('lets mcp:read and the legacy mcp:use read, and nothing else write', () => {
    for (const scope of ['mcp:read', 'mcp:use']) {
      expect(principalAllows(oauth([scope]), 'read'), scope).to.equal(true);
      expect(principalAllows(oauth([scope]), 'customers:write'), scope).to.equal(false);
      expect(principalAllows(oauth([scope]), 'jobs:write'), scope).to.equal(false);
    }
  });

  it('grants each write by its own scope or by mcp:write, never the other write', () => {
    expect(principalAllows(oauth(['mcp:read', 'mcp:customers:write']), 'customers:write')).to.equal(true);
    expect(principalAllows(oauth(['mcp:read', 'mcp:customers:write']), 'jobs:write')).to.equal(false);
    expect(principalAllows(oauth(['mcp:read', 'mcp:jobs:write']), 'jobs:write')).to.equal(true);
    expect(principalAllows(oauth(['mcp:read', 'mcp:jobs:write']), 'customers:write')).to.equal(false);
    expect(principalAllows(oauth(['mcp:write']), 'customers:write')).to.equal(true);
    expect(principalAllows(oauth(['mcp:write']), 'jobs:write')).to.equal(true);
  });

  it('maps workspace API token scopes: read, write; webhooks:manage alone grants neither', () => {
    expect(principalAllows(token(['workspace:read']), 'read')).to.equal(true);
    expect(principalAllows(token(['workspace:read']), 'jobs:write')).to.equal(false);
    expect(principalAllows(token(['workspace:write']), 'customers:write')).to.equal(true);
    expect(principalAllows(token(['webhooks:manage']), 'read')).to.equal(false);
  });

  it('lets a system caller act only when bound to a business, and never an anonymous one', () => {
    expect(principalAllows({ kind: 'system', businessId: 'b' }, 'jobs:write')).to.equal(true);
    expect(principalAllows({ kind: 'system' }, 'read')).to.equal(false);
    expect(principalAllows({ kind: 'anonymous' }, 'read')).to.equal(false);
  });

  it('names the MCP scope to ask for in a step-up', () => {
    expect(mcpScopeFor('customers:write')).to.equal('mcp:customers:write');
    expect(mcpScopeFor('jobs:write')).to.equal('mcp:jobs:write');
    expect(mcpScopeFor('read')).to.equal('mcp:read');
  });
});
