import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import type { OpenAPIObject } from 'trpc-to-openapi';
import type { SiteUrls } from '../../core/context.ts';
import { perSite } from '../../core/per-site.ts';
import type { HttpState } from './state.ts';

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

function asset(body: string | Buffer, type: string): Asset {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { body: bytes, type, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

function page(prefix: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Field Service Public API reference</title>
  <link rel="icon" type="image/png" href="${prefix}/docs/favicon-32x32.png">
  <link rel="stylesheet" href="${prefix}/docs/swagger-ui.css">
</head>
<body>
  <noscript>This reference needs JavaScript. The machine-readable description is at <a href="${prefix}/openapi.json">openapi.json</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="${prefix}/docs/swagger-ui-bundle.js"></script>
  <script src="${prefix}/docs/init.js"></script>
</body>
</html>
`;
}

// A same-origin script (not inline) so the page passes the strict Content-Security-Policy.
function initializer(prefix: string): string {
  return `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${prefix}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;
}

/**
 * GET /api/openapi.json and the HTML reference at GET /api/docs, rendered by Swagger UI from the
 * swagger-ui-dist package: everything is served from here, nothing from a CDN. The document names
 * the request's site URL (its servers, links), so it is kept once per site URL, with its own ETag.
 */
export function docsRoutes(documentFor: (urls: SiteUrls) => OpenAPIObject, prefix: string): Router<HttpState> {
  const dist = getAbsoluteFSPath();
  const openApi = perSite((urls) => asset(JSON.stringify(documentFor(urls)), 'application/json; charset=utf-8'));
  const assets = new Map<string, Asset | ((urls: SiteUrls) => Asset)>([
    ['/openapi.json', openApi],
    ['/docs', asset(page(prefix), 'text/html; charset=utf-8')],
    ['/docs/swagger-ui.css', asset(readFileSync(join(dist, 'swagger-ui.css')), 'text/css; charset=utf-8')],
    [
      '/docs/swagger-ui-bundle.js',
      asset(readFileSync(join(dist, 'swagger-ui-bundle.js')), 'text/javascript; charset=utf-8'),
    ],
    ['/docs/favicon-32x32.png', asset(readFileSync(join(dist, 'favicon-32x32.png')), 'image/png')],
    ['/docs/init.js', asset(initializer(prefix), 'text/javascript; charset=utf-8')],
  ]);
  const router = new Router<HttpState>({ prefix });
  for (const [path, entry] of assets) {
    router.get(path, (ctx) => {
      const file = typeof entry === 'function' ? entry(ctx.state.urls) : entry;
      ctx.type = file.type;
      ctx.etag = file.etag;
      // The document and page follow deployments; the library files change only with the package.
      ctx.set('Cache-Control', path.startsWith('/docs/') ? 'public, max-age=86400' : 'public, max-age=300');
      ctx.body = file.body;
    });
  }
  return router;
}
