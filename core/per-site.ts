import type { SiteUrls } from './context.ts';

/**
 * `build` memoised per site URL: a document that names the site (the OpenAPI document, the agent
 * card, the agent reference) is built once for each name the service answers in, and a request on
 * 127.0.0.1 never gets the copy built for localhost. Bounded because site URLs only come from the
 * service's own and its loopback aliases (adapters/http/site-urls.ts), never from free input.
 */
export function perSite<T>(build: (urls: SiteUrls) => T): (urls: SiteUrls) => T {
  const built = new Map<string, T>();
  return (urls) => {
    const key = `${urls.site}\n${urls.base}`;
    let value = built.get(key);
    if (value === undefined) {
      value = build(urls);
      built.set(key, value);
    }
    return value;
  };
}
