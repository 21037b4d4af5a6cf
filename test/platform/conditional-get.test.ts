import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';

/** A GET through node:http, so the test decides every header (fetch adds its own Cache-Control). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, etag: response.headers.etag }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('conditional GET', () => {
  const url = () => `${service().url}/api/v1/blog/posts?per_page=2`;

  async function currentTag(): Promise<string> {
    const response = await fetch(url());
    expect(response.status).to.equal(200);
    const etag = response.headers.get('etag');
    expect(etag).to.match(/^"[^"]+"$/);
    return etag!;
  }

  it("answers 304 to Node's fetch, which sends Cache-Control: no-cache with every conditional request", async () => {
    const etag = await currentTag();
    const response = await fetch(url(), { headers: { 'If-None-Match': etag } });
    expect(response.status).to.equal(304);
    expect(await response.text()).to.equal('');
    expect(response.headers.get('etag')).to.equal(etag);
  });

  it('answers 304 to If-None-Match with Cache-Control: no-cache (a matching validator is the validation RFC 9111 asks for)', async () => {
    const etag = await currentTag();
    const response = await rawGet(url(), { 'If-None-Match': etag, 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
    expect(response.status).to.equal(304);
    expect(response.body).to.equal('');
    expect(response.etag).to.equal(etag);
  });

  it('compares weakly and accepts a list and *', async () => {
    const etag = await currentTag();
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
      expect((await rawGet(url(), { 'If-None-Match': header, 'Cache-Control': 'no-cache' })).status, header).to.equal(
        304,
      );
    }
  });

  it('answers 200 with the body when no tag matches, no-cache or not', async () => {
    const cases: Array<Record<string, string>> = [
      { 'If-None-Match': '"stale"' },
      { 'If-None-Match': '"stale"', 'Cache-Control': 'no-cache' },
      { 'Cache-Control': 'no-cache' },
    ];
    for (const headers of cases) {
      const response = await rawGet(url(), headers);
      expect(response.status, JSON.stringify(headers)).to.equal(200);
      expect(JSON.parse(response.body)).to.have.property('data');
    }
  });

  it('tags no answer to a POST: an outcome is not a representation to revalidate', async () => {
    const response = await fetch(`${service().url}/api/v1/agent/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-None-Match': '*' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: crypto.randomUUID() } }),
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('etag')).to.equal(null);
    expect(await response.json()).to.have.property('jsonrpc', '2.0');
  });
});
