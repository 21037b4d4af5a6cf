import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { a2aUrl, type Json } from './fixtures.ts';

describe('A2A agent card', () => {
  const urls = () => [
    a2aUrl(),
    `${service().config.siteUrl}/.well-known/agent-card.json`,
    `${service().config.siteUrl}/.well-known/agent.json`,
  ];

  it('is the same bytes at the endpoint and the two well-known URLs, cached publicly for 5 minutes with an ETag', async () => {
    const answers = await Promise.all(urls().map((url) => request<Json>(url)));
    for (const answer of answers) {
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.headers.get('content-type')).to.match(/^application\/json/);
      expect(answer.headers.get('cache-control')).to.equal('public, max-age=300');
      expect(answer.headers.get('etag')).to.be.a('string').and.not.empty;
      expect(answer.text).to.equal(answers[0]!.text);
      expect(answer.headers.get('etag')).to.equal(answers[0]!.headers.get('etag'));
    }
  });

  it('answers a matching If-None-Match with 304 and HEAD without a body', async () => {
    for (const url of urls()) {
      const first = await fetch(url);
      const etag = first.headers.get('etag')!;
      await first.text();
      const again = await fetch(url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
      expect(again.status, url).to.equal(304);
      expect(await again.text()).to.equal('');
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status, url).to.equal(200);
      expect(head.headers.get('etag')).to.equal(etag);
      expect(await head.text()).to.equal('');
    }
  });

  it('refuses other methods with 405 and Allow (POST only on the endpoint)', async () => {
    const put = await request<Json>(a2aUrl(), { method: 'PUT' });
    expect(put.status).to.equal(405);
    expect(put.headers.get('allow')).to.equal('GET, HEAD, POST');
    expect(put.body.code).to.equal('METHOD_NOT_ALLOWED');
    const wellKnown = await request<Json>(`${service().config.siteUrl}/.well-known/agent-card.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(wellKnown.status).to.equal(405);
    expect(wellKnown.headers.get('allow')).to.include('GET');
  });

  it('is valid for A2A 1.0 and 0.3: interfaces, version fields, modes, skills from the procedures', async () => {
    const { body: card } = await request<Json>(a2aUrl());
    const endpoint = a2aUrl();
    expect(card).to.include.keys(
      'name',
      'description',
      'version',
      'provider',
      'documentationUrl',
      'capabilities',
      'defaultInputModes',
      'defaultOutputModes',
      'skills',
    );
    expect(card.provider).to.deep.equal({ organization: 'Field Service API', url: service().config.siteUrl });
    expect(card.capabilities).to.deep.equal({ streaming: true, pushNotifications: true, extendedAgentCard: true });
    expect(card.defaultInputModes).to.deep.equal(['application/json', 'text/plain']);
    expect(card.defaultOutputModes).to.deep.equal(['application/json', 'text/plain']);
    expect(card.supportedInterfaces).to.deep.equal([
      { url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
    expect(card.protocolVersion).to.equal('0.3.0');
    expect(card.url).to.equal(endpoint);
    expect(card.preferredTransport).to.equal('JSONRPC');
    expect(card.description).to.contain('"skill"').and.to.contain('7 days');
    const ids = card.skills.map((skill: Json) => skill.id);
    expect(ids).to.include.members([
      'find-businesses',
      'find-government-opportunities',
      'find-blog-posts',
      'read-blog-post',
    ]);
    for (const skill of card.skills) {
      expect(skill).to.have.all.keys('id', 'name', 'description', 'tags', 'examples', 'inputModes', 'outputModes');
      expect(skill.description).to.contain(`{"skill": "${skill.id}"`);
      expect(skill.tags).to.be.an('array').that.is.not.empty;
    }
  });
});
