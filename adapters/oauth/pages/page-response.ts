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
 * The response's Content-Security-Policy with `form-action` widened to 'self' plus `sources`.
 * Chrome applies form-action to the redirects that follow a form submission, so the consent form's
 * POST, answered by a 303 to the client's redirect URI, needs that URI's origin listed; every other
 * directive stays as the security-headers middleware set it.
 */
function widenFormAction(policy: string, sources: readonly string[]): string {
  const formAction = ["form-action 'self'", ...sources].join(' ');
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive.length > 0);
  const index = directives.findIndex((directive) => directive.toLowerCase().startsWith('form-action'));
  if (index === -1) directives.push(formAction);
  else directives[index] = formAction;
  return directives.join(';');
}

/**
 * Sends an HTML page, never cached, with a referrer policy under which its forms carry their Origin;
 * with `formActions`, the CSP lets the page's form continue there.
 */
export function sendPage(ctx: Context, status: number, html: string, formActions: readonly string[] = []): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  noStore(ctx, { pragma: true });
  // helmet's no-referrer makes browsers send `Origin: null` with the page's own form posts, which
  // the cross-site check refuses; same-origin keeps Origin (and Referer) for our origin only.
  ctx.set('Referrer-Policy', 'same-origin');
  const policy = ctx.response.get('Content-Security-Policy');
  if (formActions.length > 0 && policy) ctx.set('Content-Security-Policy', widenFormAction(policy, formActions));
  ctx.body = html;
}

/** A 303 (See Other: the browser follows with GET, also after a form POST), never cached. */
export function sendRedirect(ctx: Context, location: string): void {
  ctx.status = 303;
  noStore(ctx, { pragma: true });
  ctx.set('Location', location);
  ctx.body = '';
}
