import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DOC = path.join(__dirname, '..', '..', '..', 'docs', 'render-urls.md');

/** The fenced code block of `lang` in docs/render-urls.md: the tests run the examples exactly as documented. */
function docExample(lang: 'js' | 'python'): string {
  const md = fs.readFileSync(DOC, 'utf8');
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(md);
  if (!m) throw new Error(`no ${lang} block in docs/render-urls.md`);
  return m[1]!;
}

export interface UrlKey {
  id: string;
  secret: string;
}

/** Runs the documented Node or Python signer (node / python3) and answers the URL it prints. */
export function signWithExample(lang: 'node' | 'python', baseUrl: string, key: UrlKey, file: string, params: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-url-'));
  try {
    const script = path.join(dir, lang === 'node' ? 'sign-render-url.js' : 'sign_render_url.py');
    fs.writeFileSync(script, docExample(lang === 'node' ? 'js' : 'python'));
    const args = [script, baseUrl, key.id, key.secret, file, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)];
    return execFileSync(lang === 'node' ? process.execPath : 'python3', args, { encoding: 'utf8' }).trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function fetchUrl(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(body.toString('utf8')) : null;
  return { status: res.status, headers: res.headers, body, json };
}
