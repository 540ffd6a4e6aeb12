import type http from 'node:http';
import { closeTestDb, decodePng, fetchBytes, newOrg, startFixtureServer, type FixtureServer, type TestOrg } from '../index';

// Orgs never share browser state (#15 item 4). A template frames a probe page on an allow-listed origin
// (127.0.0.2, see TEST_SSRF_ALLOW_CIDRS); the probe reads what earlier renders left there, then writes its org's
// cookie, localStorage and IndexedDB entry, and paints one band per store: green = this org's own value, red =
// nothing, blue = another org's value. The worker runs with the default RENDER_BROWSER_ISOLATION=org.
//
// What the bands can show: the template's own document is about:blank (setContent), an opaque origin, so Chromium
// keys the frame's localStorage and IndexedDB by a per-document partition and those never outlive the render, in
// any isolation mode. The cookie (SameSite=None; Secure, which a loopback origin may set) is not partitioned: it lives
// in the browser context, which is what per-org isolation keeps apart. Storage kept across renders of a first-party
// origin is covered by services/render-worker/src/renderer/engines/chromium/pages/page-contexts.browser.test.ts, where the page itself is on the origin.
jest.setTimeout(120_000);

const W = 90;
const H = 30;
const GREEN = 'own';
const RED = 'none';
const BLUE = 'other';

/** The probe: reads, writes, paints, then reports, which releases the gate image that holds the template's `load`. */
const probe = (org: string, id: string) => `<!doctype html><style>body{margin:0;display:flex}div{width:30px;height:30px}</style>
<div id="cookie"></div><div id="ls"></div><div id="idb"></div><img src="/gate?id=${id}" width="1" height="1" style="position:absolute">
<script>
const ORG = ${JSON.stringify(org)};
const band = (el, v) => { document.getElementById(el).style.background = v === null || v === '' ? '#f00' : v === ORG ? '#0f0' : '#00f'; };
(async () => {
  band('cookie', (document.cookie.match(/(?:^|; )org=([^;]*)/) || [null, null])[1]);
  band('ls', localStorage.getItem('org'));
  const db = await new Promise((res, rej) => { const r = indexedDB.open('iso', 1); r.onupgradeneeded = () => r.result.createObjectStore('kv'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  band('idb', await new Promise((res) => { const g = db.transaction('kv').objectStore('kv').get('org'); g.onsuccess = () => res(g.result ?? null); }));
  document.cookie = 'org=' + ORG + '; SameSite=None; Secure; max-age=3600';
  localStorage.setItem('org', ORG);
  await new Promise((res) => { const tx = db.transaction('kv', 'readwrite'); tx.objectStore('kv').put(ORG, 'org'); tx.oncomplete = res; });
})().catch(() => undefined).finally(() => fetch('/report?id=${id}'));
</script>`;

describe('browser state between orgs', () => {
  let server: FixtureServer;
  let a: TestOrg;
  let b: TestOrg;
  let seq = 0;
  const gates = new Map<string, http.ServerResponse>();
  const reported = new Set<string>();

  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
    server = await startFixtureServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const id = url.searchParams.get('id') ?? '';
      if (url.pathname === '/probe') return void res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(probe(url.searchParams.get('org')!, id));
      if (url.pathname === '/report') {
        reported.add(id);
        gates.get(id)?.end();
        return void res.end('ok');
      }
      // the gate answers once the probe reported (or after 10 s), so the template's load waits for the probe
      if (reported.has(id)) return void res.end();
      gates.set(id, res);
      setTimeout(() => res.end(), 10_000).unref();
    });
  });
  afterAll(async () => {
    await server.close();
    await closeTestDb();
  });

  /** One render of the probe as `org`; the three bands decoded from the PNG. */
  async function render(org: TestOrg, name: string): Promise<{ cookie: string; localStorage: string; indexedDB: string }> {
    const id = `${name}-${++seq}`;
    const tpl = await org.api.post('/v1/templates', {
      name: `browser state ${id}`, type: 'image', format: 'png', width: W, height: H,
      composition_html: `<style>body{margin:0}</style><iframe src="${server.url}/probe?org=${name}&id=${id}" width="${W}" height="${H}" style="border:0;display:block"></iframe>`,
    });
    expect(tpl.status).toBe(201);
    const res = await org.api.post('/v1/images', { template_id: tpl.body.id }, { prefer: 'wait=60' });
    expect(res.body.status).toBe('completed');
    expect(reported.has(id)).toBe(true);
    const png = decodePng((await fetchBytes(res.body.result_url)).body);
    const colour = (x: number) => {
      const [r, g, bl] = png.mean(x + 5, 5, 20, 20);
      return g > 200 && r < 60 && bl < 60 ? GREEN : r > 200 && g < 60 && bl < 60 ? RED : bl > 200 && r < 60 && g < 60 ? BLUE : `rgb(${r},${g},${bl})`;
    };
    return { cookie: colour(0), localStorage: colour(30), indexedDB: colour(60) };
  }

  test("org B reads none of org A's cookie, localStorage or IndexedDB on the same origin; A's next render sees its own cookie", async () => {
    // A writes; nothing was there before
    expect(await render(a, 'a')).toEqual({ cookie: RED, localStorage: RED, indexedDB: RED });
    // B, right after, on the same origin and the same worker: none of A's state
    expect(await render(b, 'b')).toEqual({ cookie: RED, localStorage: RED, indexedDB: RED });
    // the control: A's context kept A's cookie, so the probe can see state at all; storage is per document (above)
    expect(await render(a, 'a')).toEqual({ cookie: GREEN, localStorage: RED, indexedDB: RED });
    // and B's second render sees B's own cookie, never A's
    expect(await render(b, 'b')).toEqual({ cookie: GREEN, localStorage: RED, indexedDB: RED });
  });
});
