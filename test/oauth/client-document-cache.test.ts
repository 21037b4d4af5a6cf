import { expect } from 'chai';
import type { FetchedClientDocument } from '../../core/services/oauth/client-document-port.ts';
import {
  createClientDocumentSource,
  DOCUMENT_CACHE_LIMIT,
  DOCUMENT_TTL_BOUNDS_MS,
} from '../../core/services/oauth/client-document-cache.ts';

/** A fetcher answering `answer` for every URL, counting its calls per URL; `clock` drives the cache. */
function harness(answer: FetchedClientDocument) {
  const calls = new Map<string, number>();
  const clock = { now: 0 };
  const source = createClientDocumentSource(
    {
      fetch: (url) => {
        calls.set(url, (calls.get(url) ?? 0) + 1);
        return Promise.resolve(answer);
      },
    },
    { allowHttpLoopback: false, now: () => clock.now },
  );
  return { source, calls, clock };
}

const document = (cache: { maxAgeSeconds?: number; noStore?: boolean }): FetchedClientDocument => ({
  ok: true,
  body: {},
  maxAgeSeconds: cache.maxAgeSeconds,
  noStore: cache.noStore ?? false,
});

describe('OAuth client-metadata-document cache (bounds, no network)', () => {
  const url = 'https://client.example/oauth/client.json';

  it('raises a short max-age to the minimum and lowers a long one to the maximum', async () => {
    for (const [maxAgeSeconds, ttl] of [
      [0, DOCUMENT_TTL_BOUNDS_MS.min],
      [86_400 * 30, DOCUMENT_TTL_BOUNDS_MS.max],
      [undefined, DOCUMENT_TTL_BOUNDS_MS.default],
    ] as const) {
      const { source, calls, clock } = harness(document({ maxAgeSeconds }));
      await source.fetch(url);
      clock.now = ttl - 1;
      await source.fetch(url);
      expect(calls.get(url), `max-age ${maxAgeSeconds}`).to.equal(1);
      clock.now = ttl;
      await source.fetch(url);
      expect(calls.get(url), `max-age ${maxAgeSeconds}`).to.equal(2);
    }
  });

  it('keeps nothing under no-store, yet shares one fetch among concurrent callers', async () => {
    const { source, calls } = harness(document({ noStore: true, maxAgeSeconds: 600 }));
    await Promise.all(Array.from({ length: 50 }, () => source.fetch(url)));
    expect(calls.get(url)).to.equal(1);
    await source.fetch(url);
    expect(calls.get(url)).to.equal(2);
  });

  it('keeps a failure briefly, and a fetcher that throws is a failure', async () => {
    const { source, calls, clock } = harness({ ok: false, kind: 'failed', problem: 'answered HTTP 500' });
    await source.fetch(url);
    clock.now = DOCUMENT_TTL_BOUNDS_MS.failure - 1;
    await source.fetch(url);
    expect(calls.get(url)).to.equal(1);
    const throwing = createClientDocumentSource(
      { fetch: () => Promise.reject(new Error('boom')) },
      { allowHttpLoopback: false },
    );
    expect(await throwing.fetch(url)).to.deep.include({ ok: false, kind: 'failed' });
  });

  it('holds at most DOCUMENT_CACHE_LIMIT documents, the oldest going first', async () => {
    const { source, calls } = harness(document({}));
    for (let index = 0; index <= DOCUMENT_CACHE_LIMIT; index += 1) await source.fetch(`${url}?n=${index}`);
    await source.fetch(`${url}?n=${DOCUMENT_CACHE_LIMIT}`);
    expect(calls.get(`${url}?n=${DOCUMENT_CACHE_LIMIT}`)).to.equal(1);
    await source.fetch(`${url}?n=0`);
    expect(calls.get(`${url}?n=0`)).to.equal(2);
  });
});
