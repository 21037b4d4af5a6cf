import type { Context } from 'koa';

/**
 * Refuses a form POST the browser says came from another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` header that is not the site's own origin (including `null`). Answers the reason, or
 * undefined when the POST may proceed.
 *
 * Does NOT cover: clients that send neither header (non-browsers, old browsers) or a same-site
 * sibling that forges both (it cannot forge Origin in a browser): the form token, bound to this
 * browser's cookie, is what stops those.
 */
export function crossSitePostRefusal(ctx: Context, siteOrigin: string): string | undefined {
  if (ctx.get('Sec-Fetch-Site').toLowerCase() === 'cross-site') return 'The form was sent from another site.';
  const origin = ctx.get('Origin');
  if (origin !== '' && origin !== siteOrigin) return 'The form was sent from another origin than this site.';
  return undefined;
}
