import type { HTTPRequest, Page } from 'puppeteer';
import { createBrowserPool, type ManagedBrowserPool } from '../pool/browser-pool';
import { chromiumProcess } from '../pool/chromium-process';
import type { BrowserIsolation } from './page-contexts';
import { chromiumPath } from '../../../../testing';

// Browser state of one origin, written by one org's render and read by the next render: cookies, localStorage and
// IndexedDB must never cross orgs (page-contexts.ts). The origin is served by request interception.
const ORIGIN = 'http://iso.test/';

const WRITE = `(async () => {
  document.cookie = 'org=' + ORG + '; max-age=3600';
  localStorage.setItem('org', ORG);
  const db = await new Promise((res, rej) => { const r = indexedDB.open('iso', 1); r.onupgradeneeded = () => r.result.createObjectStore('kv'); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  await new Promise((res, rej) => { const tx = db.transaction('kv', 'readwrite'); tx.objectStore('kv').put(ORG, 'org'); tx.oncomplete = res; tx.onerror = () => rej(tx.error); });
  db.close();
})()`;

const READ = `(async () => {
  const names = (await indexedDB.databases()).map((d) => d.name);
  let idb = null;
  if (names.includes('iso')) {
    const db = await new Promise((res) => { const r = indexedDB.open('iso', 1); r.onsuccess = () => res(r.result); });
    idb = await new Promise((res) => { const g = db.transaction('kv').objectStore('kv').get('org'); g.onsuccess = () => res(g.result ?? null); });
    db.close();
  }
  return { cookie: document.cookie, localStorage: localStorage.getItem('org'), indexedDB: idb };
})()`;

async function onOrigin<T>(page: Page, script: string): Promise<T> {
  const serve = (req: HTTPRequest) => void (req.url() === ORIGIN ? req.respond({ status: 200, contentType: 'text/html', body: '<p>iso</p>' }) : req.abort());
  await page.setRequestInterception(true);
  page.on('request', serve);
  try {
    await page.goto(ORIGIN);
    return (await page.evaluate(script)) as T;
  } finally {
    page.off('request', serve);
  }
}

const NOTHING = { cookie: '', localStorage: null, indexedDB: null };
const seen = (org: string) => ({ cookie: `org=${org}`, localStorage: org, indexedDB: org });

describe('browser isolation between orgs', () => {
  let pool: ManagedBrowserPool | undefined;
  const open = async (isolation: BrowserIsolation, size = 1, maxIdleContexts?: number) => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size, recycleAfter: 100, isolation, maxIdleContexts });
    return pool;
  };
  const write = (p: ManagedBrowserPool, org: string) => p.withPage((page) => onOrigin(page, `const ORG = '${org}'; ${WRITE}`), { orgId: org });
  const read = (p: ManagedBrowserPool, org: string) => p.withPage((page) => onOrigin(page, READ), { orgId: org });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('shared (the bench baseline only) leaks one org state to the next: what the other modes prevent', async () => {
    const p = await open('shared');
    await write(p, 'a');
    expect(await read(p, 'b')).toEqual(seen('a'));
  });

  it('org: another org sees none of the state, the org itself sees its own on its next render', async () => {
    const p = await open('org');
    await write(p, 'a');
    expect(await read(p, 'b')).toEqual(NOTHING);
    expect(await read(p, 'a')).toEqual(seen('a'));
    expect(p.stats().orgContexts).toBe(2);
  });

  it('org: two slots serve two orgs at once, each in its own context', async () => {
    const p = await open('org', 2);
    await Promise.all([write(p, 'a'), write(p, 'b')]);
    expect(await Promise.all([read(p, 'a'), read(p, 'b'), read(p, 'c')])).toEqual([seen('a'), seen('b'), NOTHING]);
  });

  it('org: idle contexts beyond maxIdleContexts are closed least recently used first, with their state', async () => {
    const p = await open('org', 1, 1);
    await write(p, 'a');
    await write(p, 'b');
    await write(p, 'c'); // a is evicted: b stays idle, c holds the slot
    expect(p.stats().orgContexts).toBe(2);
    expect(await read(p, 'b')).toEqual(seen('b'));
    expect(await read(p, 'a')).toEqual(NOTHING);
  });

  it('org: after a browser crash the org starts over in a new context and the pool serves on', async () => {
    const p = await open('org');
    await write(p, 'a');
    await p.withPage(async (page) => chromiumProcess.kill(page.browser()), { orgId: 'a' }).catch(() => undefined);
    for (let i = 0; i < 100 && p.stats().launches < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await read(p, 'a')).toEqual(NOTHING);
    expect(p.stats()).toMatchObject({ launches: 2, crashes: 1 });
  });

  it('render: every render starts from nothing, even for the same org, and gets a page no render used', async () => {
    const p = await open('render');
    const pages = new Set<Page>();
    await p.withPage(async (page) => void pages.add(page), { orgId: 'a' });
    await write(p, 'a');
    expect(await read(p, 'a')).toEqual(NOTHING);
    await p.withPage(async (page) => void pages.add(page), { orgId: 'a' });
    expect(pages.size).toBe(2);
  });

  it('refuses a render without an org', async () => {
    const p = await open('org');
    await expect(p.withPage(async () => 1, { orgId: '' })).rejects.toMatchObject({ code: 'template_invalid' });
  });
});
