import fs from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface StaticFile {
  type: string;
  body: Buffer;
}

/**
 * Reads a built directory into memory once at boot (the studio and the reference page are a few MiB), so a request
 * never touches the disk and no path from a URL ever reaches the file system. A missing directory gives an empty map.
 */
export function loadStaticBundle(dir: string): Map<string, StaticFile> {
  const out = new Map<string, StaticFile>();
  const walk = (sub: string) => {
    const here = path.join(dir, sub);
    if (!fs.existsSync(here)) return;
    for (const entry of fs.readdirSync(here, { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else out.set(rel, { type: TYPES[path.extname(entry.name)] ?? 'application/octet-stream', body: fs.readFileSync(path.join(dir, rel)) });
    }
  };
  walk('');
  return out;
}

/** The page's own origin and the file URL origin (results and thumbnails): nothing else, so nothing comes from a CDN. */
export function contentSecurityPolicy(publicApiUrl: string): string {
  const files = new URL(publicApiUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Redoc and CodeMirror set element styles at run time
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${files}`,
    // blob: lets the page (and a test) read back the preview images it holds
    "connect-src 'self' blob:",
    // Redoc's search index runs in a worker made from a blob
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
  ].join('; ');
}
