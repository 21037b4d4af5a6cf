import type { SiteUrls } from '../../context.ts';
import { AppError } from '../../errors/index.ts';
import { ucpUrls } from './urls.ts';

/**
 * What {site_url}/.well-known/acp.json answers: 404 ACP_NOT_SUPPORTED. ACP's discovery RFC
 * (rfc.discovery.md 4.3, 5.3) reads a 200 as "this seller supports ACP" and sends the agent on to
 * POST {api_base_url}/checkout_sessions; none of ACP's endpoints exist here, and a document with
 * `services: []` (which the schema allows) would still claim ACP support. A 404 is the RFC's own
 * "does not support ACP, use another channel"; the message names that channel: UCP.
 */
export function acpNotSupported(urls: SiteUrls): AppError {
  const links = ucpUrls(urls);
  return new AppError(
    'ACP_NOT_SUPPORTED',
    `This service does not speak the Agentic Commerce Protocol. Its checkout is UCP: the profile is at ${links.profileWellKnown} and sessions are created at ${links.checkout}.`,
  );
}
