import { storableText } from '../sql/storable-text.ts';
import { API_VERSION } from '../../version.ts';

/** The User-Agent of every delivery: the transport sends it, the log shows it. */
export const WEBHOOK_USER_AGENT = `field-service-api-webhooks/${API_VERSION}`;

/** The media type of a delivery whose signed headers name none (an A2A 1.0 push names its own). */
export const WEBHOOK_CONTENT_TYPE = 'application/json';

/** The longest header value the log keeps (a signature list during a rotation is a few hundred characters). */
const HEADER_VALUE_MAX = 1000;
/** The most `webhook-*` headers the log keeps per attempt. */
const WEBHOOK_HEADERS_MAX = 10;

/**
 * The request headers an attempt's log shows: the Standard Webhooks `webhook-*` headers (id, timestamp,
 * signatures: what a receiver verifies, none of them a secret), the content type and the user agent,
 * as the transport sends them. Everything else the signing produced is left out on purpose: an A2A
 * push config adds its notification token or credentials as headers, and those are secrets.
 *
 * Does NOT cover headers the transport adds beyond these two (content-length, connection, host).
 */
export function shownRequestHeaders(signed: Readonly<Record<string, string>>): Record<string, string> {
  const shown: Record<string, string> = {};
  const webhookHeaders = Object.keys(signed)
    .filter((name) => name.toLowerCase().startsWith('webhook-'))
    .sort()
    .slice(0, WEBHOOK_HEADERS_MAX);
  for (const name of webhookHeaders) shown[name.toLowerCase()] = storableText(signed[name]!, HEADER_VALUE_MAX);
  shown['content-type'] = storableText(signed['content-type'] ?? WEBHOOK_CONTENT_TYPE, HEADER_VALUE_MAX);
  shown['user-agent'] = WEBHOOK_USER_AGENT;
  return shown;
}
