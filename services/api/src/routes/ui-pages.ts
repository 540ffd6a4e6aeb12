import fs from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { contentSecurityPolicy, loadStaticBundle, type StaticFile } from '../http/static-bundle';
import type { ApiDeps } from '../deps';

// The reference page: Redoc (from npm, served from here) rendering the live /v1/openapi.json. No CDN, no fonts.
const REDOC_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Render Platform API reference</title><link rel="icon" href="data:,"></head>
<body><redoc spec-url="/v1/openapi.json" json-sample-expand-level="all" expand-responses="200,201,202" hide-download-button="false"></redoc>
<script src="/docs/redoc.standalone.js"></script></body></html>`;

// Redoc's sidebar footer always asks a CDN for its logo; served without that URL, the <img> fails at once and hides
// itself, so the page makes no request beyond this API.
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

function redocBundle(): StaticFile {
  const file = require.resolve('redoc/bundles/redoc.standalone.js');
  const text = fs.readFileSync(file, 'utf8').split(REDOC_CDN_LOGO).join('');
  return { type: 'text/javascript; charset=utf-8', body: Buffer.from(text) };
}

function studioDir(): string {
  return path.join(path.dirname(require.resolve('@rp/studio/package.json')), 'dist');
}

function send(ctx: Context, file: StaticFile | undefined, csp: string, cache: string): void {
  if (!file) {
    ctx.status = 404;
    ctx.body = { error: { code: 'not_found', message: `${ctx.path} not found`, details: [] } };
    return;
  }
  ctx.set('Content-Security-Policy', csp);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', cache);
  ctx.type = file.type;
  ctx.body = file.body;
}

/** GET /docs (API reference) and GET /studio (template studio): static pages that call only the public /v1 API. */
export function mountUiPages(router: Router, deps: ApiDeps): void {
  const csp = contentSecurityPolicy(deps.config.PUBLIC_API_URL);
  const docs = new Map<string, StaticFile>([
    ['', { type: 'text/html; charset=utf-8', body: Buffer.from(REDOC_HTML) }],
    ['redoc.standalone.js', redocBundle()],
  ]);
  const studio = loadStaticBundle(studioDir());
  if (!studio.has('index.html')) deps.logger.warn({ dir: studioDir() }, 'studio bundle missing: run npm run build');

  router.get('/docs', (ctx) => send(ctx, docs.get(''), csp, 'no-cache'));
  router.get('/docs/:file', (ctx) => send(ctx, docs.get(ctx.params.file!), csp, 'public, max-age=3600'));
  router.get('/studio', (ctx) => send(ctx, studio.get('index.html'), csp, 'no-cache'));
  router.get('/studio/:file', (ctx) => send(ctx, studio.get(ctx.params.file!), csp, 'no-cache'));
}
