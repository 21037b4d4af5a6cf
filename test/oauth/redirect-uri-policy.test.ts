import { expect } from 'chai';
import {
  checkRedirectUri,
  redirectUriMatches,
  type RedirectUriPolicy,
} from '../../core/services/oauth/redirect-uri-policy.ts';

const policy: RedirectUriPolicy = {
  httpsHosts: ['app.example.com', '*.agents.example'],
  hostedCallbacks: ['https://claude.ai/api/mcp/auth_callback'],
  loopback: true,
  loopbackPaths: ['/callback'],
  privateUseSchemes: ['com.example.agent'],
};

describe('redirect URI policy', () => {
  it('classifies what it accepts', () => {
    expect(checkRedirectUri('https://app.example.com/cb', policy)).to.deep.equal({ accepted: true, kind: 'https' });
    expect(checkRedirectUri('https://a.b.agents.example/cb', policy)).to.deep.equal({ accepted: true, kind: 'https' });
    expect(checkRedirectUri('https://CLAUDE.ai/api/mcp/auth_callback', policy)).to.deep.equal({
      accepted: true,
      kind: 'hosted',
    });
    expect(checkRedirectUri('http://localhost:1234/callback', policy)).to.deep.equal({
      accepted: true,
      kind: 'loopback',
    });
    expect(checkRedirectUri('com.example.agent:/done', policy)).to.deep.equal({ accepted: true, kind: 'private-use' });
    expect(checkRedirectUri('http://[::1]:80/callback', policy)).to.deep.equal({ accepted: true, kind: 'loopback' });
  });

  it('accepts a loopback callback on any path unless the operator lists the paths (RFC 8252 section 7.3)', () => {
    const open: RedirectUriPolicy = { ...policy, loopbackPaths: undefined };
    for (const uri of [
      'http://127.0.0.1:33418/',
      'http://127.0.0.1/',
      'http://localhost:6274/oauth/callback/debug',
      'http://[::1]:8080/any/where',
    ])
      expect(checkRedirectUri(uri, open), uri).to.deep.equal({ accepted: true, kind: 'loopback' });
    const verdict = checkRedirectUri('http://127.0.0.1:33418/', policy);
    expect(verdict.accepted).to.equal(false);
    expect(!verdict.accepted && verdict.reason).to.contain('OAUTH_LOOPBACK_PATHS');
    expect(checkRedirectUri('http://127.0.0.2:80/', open).accepted).to.equal(false);
  });

  it('names the variable the operator can set in every refusal it can lift', () => {
    const reasons = ['https://agent.example/cb', 'org.example.app:/cb', 'http://localhost:1/x'].map((uri) => {
      const verdict = checkRedirectUri(uri, policy);
      return verdict.accepted ? '' : verdict.reason;
    });
    expect(reasons[0]).to.contain('OAUTH_HOSTED_CALLBACKS').and.contain('OAUTH_REDIRECT_HOSTS');
    expect(reasons[1]).to.contain('OAUTH_PRIVATE_USE_SCHEMES');
    expect(reasons[2]).to.contain('OAUTH_LOOPBACK_PATHS');
  });

  it('refuses look-alikes and everything else', () => {
    for (const uri of [
      'https://agents.example/cb',
      'https://app.example.com.evil.test/cb',
      'https://evilapp.example.com/cb',
      'https://claude.ai/api/mcp/auth_callback/extra',
      'http://app.example.com/cb',
      'http://127.0.0.2:80/callback',
      'http://localhost:1234/callback/',
      'https://app.example.com/cb#x',
      'data:text/html,hi',
      'com.example.agentx:/done',
    ]) {
      expect(checkRedirectUri(uri, policy).accepted, uri).to.equal(false);
    }
  });

  it('matches at authorization time exactly, except a loopback callback at any port', () => {
    expect(redirectUriMatches('http://127.0.0.1:33418/', 'http://127.0.0.1:59656/')).to.equal(true);
    expect(redirectUriMatches('http://127.0.0.1:33418/', 'http://127.0.0.1:33418/callback')).to.equal(false);
    expect(redirectUriMatches('http://[::1]:5000/cb', 'http://[::1]:6000/cb')).to.equal(true);
    expect(redirectUriMatches('http://127.0.0.1:5000/callback', 'http://127.0.0.1:61234/callback')).to.equal(true);
    expect(redirectUriMatches('http://localhost/callback', 'http://localhost:8090/callback')).to.equal(true);
    expect(redirectUriMatches('http://127.0.0.1:5000/callback', 'http://localhost:5000/callback')).to.equal(false);
    expect(redirectUriMatches('http://127.0.0.1:5000/callback', 'http://127.0.0.1:5000/callback?x=1')).to.equal(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb')).to.equal(true);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com:8443/cb')).to.equal(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb/')).to.equal(false);
  });
});
