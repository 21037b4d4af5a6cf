import { expect } from 'chai';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

export interface PostPublic {
  slug: string;
  locale: string;
  title: string;
  excerpt: string | null;
  category: string | null;
  tags: string[];
  author_name: string | null;
  cover_image_url: string | null;
  published_at: string | null;
  updated_at: string | null;
}

export interface Page<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export const PUBLIC_KEYS = [
  'slug',
  'locale',
  'title',
  'excerpt',
  'category',
  'tags',
  'author_name',
  'cover_image_url',
  'published_at',
  'updated_at',
];

export function api(path: string): string {
  return `${service().config.baseUrl}${path}`;
}

export async function getJson<T>(path: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await request<T>(api(path), init);
  return response;
}

/** 400 VALIDATION_FAILED whose message and first detail name `parameter`. */
export async function expectInvalid(path: string, parameter: string): Promise<void> {
  const response = await request<{ message: string; details: Array<Record<string, unknown>> }>(api(path));
  expectErrorMessage(response, 400, 'VALIDATION_FAILED');
  expect(response.body.message, path).to.contain(`"${parameter}"`);
  expect(response.body.details?.[0], path).to.include({ parameter });
}

/** Newest first, id breaking ties: published_at never increases down the list. */
export function expectNewestFirst(items: Array<{ published_at: string | null }>): void {
  for (let i = 1; i < items.length; i++) {
    expect(Date.parse(items[i - 1]!.published_at!), `item ${i}`).to.be.at.least(Date.parse(items[i]!.published_at!));
  }
}

/** A 2xx GET carries an ETag and the given Cache-Control; revalidating answers 304 without a body. */
export async function expectCacheable(path: string, cacheControl: string): Promise<void> {
  const first = await fetch(api(path));
  expect(first.status).to.equal(200);
  expect(first.headers.get('cache-control')).to.equal(cacheControl);
  const etag = first.headers.get('etag');
  expect(etag, 'ETag').to.be.a('string').and.not.empty;
  await first.arrayBuffer();
  // fetch would add Cache-Control: no-cache to a conditional request; send what a browser sends.
  const second = await fetch(api(path), { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
  expect(second.status).to.equal(304);
  expect(await second.text()).to.equal('');
}
