import type { Context } from 'koa';
import { noStore } from '../../http/no-store.ts';

/**
 * The CSP source of a redirect URI, for `form-action`: its origin (http and https), or its scheme
 * (a private-use URI such as com.example.app:/cb). Undefined for anything that would not be a
 * clean source expression.
 */
export function formActionSource(redirectUri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return undefined;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : undefined;
}

/**
 * The response's Content-Security-Policy with one directive replaced by `replacement` (added when
 * absent); every other directive stays as the security-headers middleware set it.
 */
function replaceDirective(policy: string, name: string, replacement: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive.length > 0);
  const index = directives.findIndex((directive) => directive.toLowerCase().split(/\s/)[0] === name);
  if (index === -1) directives.push(replacement);
  else directives[index] = replacement;
  return directives.join(';');
}

/** A clean CSP source expression for an https origin (no quote, semicolon, comma or space can reach the header). */
const HTTPS_ORIGIN = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$|^https:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * Sends an HTML page, never cached, with a referrer policy under which its forms carry their Origin.
 * With `formActions`, the CSP's form-action is 'self' plus them: Chrome applies form-action to the
 * redirects that follow a form submission, so the consent form's POST, answered by a 303 to the
 * client's redirect URI, needs that URI's origin listed. With `imageOrigin` (the consent page's
 * client logo), img-src is 'self' data: plus exactly that https origin.
 */
export function sendPage(
  ctx: Context,
  status: number,
  html: string,
  formActions: readonly string[] = [],
  imageOrigin?: string,
): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  noStore(ctx, { pragma: true });
  // helmet's no-referrer makes browsers send `Origin: null` with the page's own form posts, which
  // the cross-site check refuses; same-origin keeps Origin (and Referer) for our origin only.
  ctx.set('Referrer-Policy', 'same-origin');
  let policy = ctx.response.get('Content-Security-Policy');
  if (formActions.length > 0 && policy)
    policy = replaceDirective(policy, 'form-action', ["form-action 'self'", ...formActions].join(' '));
  if (imageOrigin && HTTPS_ORIGIN.test(imageOrigin) && policy)
    policy = replaceDirective(policy, 'img-src', `img-src 'self' data: ${imageOrigin}`);
  if (policy) ctx.set('Content-Security-Policy', policy);
  ctx.body = html;
}

/** A 303 (See Other: the browser follows with GET, also after a form POST), never cached. */
export function sendRedirect(ctx: Context, location: string): void {
  ctx.status = 303;
  noStore(ctx, { pragma: true });
  ctx.set('Location', location);
  ctx.body = '';
}
