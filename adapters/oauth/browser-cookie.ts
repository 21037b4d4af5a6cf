import type { Context } from 'koa';
import { isBrowserKey, newBrowserKey } from '../../core/services/oauth/authorize/browser-sessions.ts';

/**
 * The authorization endpoint's one cookie: this browser's key before sign-in, the session secret
 * after. `__Host-fsa_session` (Secure, no Domain, Path=/: only this exact origin can set or read
 * it), HttpOnly, SameSite=Lax (sent on the top-level GET from the client app, not on cross-site
 * POSTs). A SITE_URL of plain http on localhost or 127.0.0.1 gets `fsa_session` without Secure,
 * since the __Host- prefix requires Secure and browsers drop Secure cookies over plain http
 * elsewhere; any other plain-http SITE_URL keeps the secure cookie, so signing in needs https there.
 */
export interface BrowserCookie {
  name: string;
  secure: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function browserCookie(siteUrl: string): BrowserCookie {
  const url = new URL(siteUrl);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
    ? { name: 'fsa_session', secure: false }
    : { name: '__Host-fsa_session', secure: true };
}

/** The cookie's value when it is well formed; a malformed one counts as none. */
export function readBrowserKey(ctx: Context, cookie: BrowserCookie): string | undefined {
  const value = ctx.cookies.get(cookie.name);
  return isBrowserKey(value) ? value : undefined;
}

/** Sets the cookie; without maxAge it lasts as long as the browser session (the pre-sign-in key). */
export function writeBrowserKey(ctx: Context, cookie: BrowserCookie, value: string, maxAgeSeconds?: number): void {
  // SITE_URL is the public origin: when it is https, TLS may end at a proxy, and the cookies
  // package would otherwise refuse a Secure cookie on the plain-http hop behind it.
  if (cookie.secure) ctx.cookies.secure = true;
  ctx.cookies.set(cookie.name, value, {
    httpOnly: true,
    secure: cookie.secure,
    sameSite: 'lax',
    path: '/',
    overwrite: true,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds * 1000 }),
  });
}

/** The browser's key, or a new one set as the cookie now (first visit, or a malformed cookie). */
export function ensureBrowserKey(ctx: Context, cookie: BrowserCookie): string {
  const existing = readBrowserKey(ctx, cookie);
  if (existing) return existing;
  const created = newBrowserKey();
  writeBrowserKey(ctx, cookie, created);
  return created;
}
