import { expect } from 'chai';
import { checkUnparsedOutput } from './output-check.ts';

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch that also reads the body as JSON when it is JSON (and checks it where the service does not: output-check.ts). */
export async function request<T = unknown>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json') && text.length > 0;
  const body = isJson ? JSON.parse(text) : undefined;
  checkUnparsedOutput(init.method ?? 'GET', url, response.status, body);
  return { status: response.status, headers: response.headers, body: body as T, text };
}

/** Asserts the spec's ErrorMessage shape, the status, the code, and that errors are not cached. */
export function expectErrorMessage(response: JsonResponse, status: number, code: string): void {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/json/);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  const body = response.body as Record<string, unknown>;
  expect(body).to.include.all.keys('code', 'message', 'resolution', 'status');
  expect(body.code).to.equal(code);
  expect(body.status).to.equal(status);
  expect(body.message).to.be.a('string').and.not.empty;
  expect(body.resolution).to.be.a('string').and.not.empty;
}
