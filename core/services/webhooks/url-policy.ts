import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors/index.ts';
import { isPublicAddress } from './address-policy.ts';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Why a webhook URL is refused at create/update, or undefined when it is acceptable. Checked here:
 * the scheme (https only unless private URLs are allowed, then http too), no userinfo (a password
 * in a URL ends up in logs), the length, and a host that is an IP literal must be a public address.
 * Host names are not resolved here: the delivery side resolves them and checks every address at
 * connect time, so DNS rebinding cannot pass either check.
 */
function webhookUrlProblem(url: string, allowPrivate: boolean): string | undefined {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not an absolute URL';
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) return `the scheme must be ${allowPrivate ? 'https or http' : 'https'}`;
  if (parsed.username !== '' || parsed.password !== '') return 'the URL must not carry a user name or password';
  if (parsed.hostname === '') return 'the URL has no host';
  if (parsed.hash !== '') return 'the URL must not carry a fragment';
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  if (!allowPrivate) {
    if (ipaddr.isValid(host) && !isPublicAddress(host))
      return `the address ${host} is not a public one (loopback, private, link-local and reserved ranges are refused)`;
    if (host === 'localhost' || host.endsWith('.localhost')) return 'localhost is not a public host';
  }
  return undefined;
}

/** Throws WEBHOOK_URL_REFUSED naming why, unless the URL is acceptable. */
export function assertWebhookUrl(url: string, allowPrivate: boolean): void {
  const problem = webhookUrlProblem(url, allowPrivate);
  if (problem) {
    throw new AppError('WEBHOOK_URL_REFUSED', `The webhook URL is refused: ${problem}.`, {
      details: [{ parameter: 'url', code: 'url_refused', message: problem, path: ['url'] }],
    });
  }
}
