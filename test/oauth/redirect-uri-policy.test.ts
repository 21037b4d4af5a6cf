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
  });

  it('refuses look-alikes and everything else', () => {
    for (const uri of [
      'https://agents.example/cb',
      'https://app.example.com.evil.test/cb',
      'https://evilapp.example.com/cb',
      'https://claude.ai/api/mcp/auth_callback/extra',
      'http://app.example.com/cb',
      'http://127.0.0.2:80/callback',
      'http://[::1]:80/callback',
      'http://localhost:1234/callback/',
      'https://app.example.com/cb#x',
      'data:text/html,hi',
      'com.example.agentx:/done',
    ]) {
      expect(checkRedirectUri(uri, policy).accepted, uri).to.equal(false);
    }
  });

  it('matches at authorization time exactly, except a loopback callback at any port', () => {
    expect(redirectUriMatches('http://127.0.0.1:5000/callback', 'http://127.0.0.1:61234/callback')).to.equal(true);
    expect(redirectUriMatches('http://localhost/callback', 'http://localhost:8090/callback')).to.equal(true);
    expect(redirectUriMatches('http://127.0.0.1:5000/callback', 'http://localhost:5000/callback')).to.equal(false);
    expect(redirectUriMatches('http://127.0.0.1:5000/callback', 'http://127.0.0.1:5000/callback?x=1')).to.equal(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb')).to.equal(true);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com:8443/cb')).to.equal(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb/')).to.equal(false);
  });
});
