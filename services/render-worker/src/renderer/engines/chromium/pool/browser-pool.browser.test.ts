import type { Page } from 'puppeteer';
import { createBrowserPool, type ManagedBrowserPool } from './browser-pool';
import { chromiumProcess } from './chromium-process';
import { RenderFailure } from '../../../types';
import { chromiumPath } from '../../../../testing';

/** One org throughout: these cases are about the pool's slots, not isolation (page-contexts.test.ts). */
const A = { orgId: 'org-a' };
const pid = (page: Page) => page.browser().process()?.pid;
const expectFailure = (code: string, retryable?: boolean) =>
  expect.objectContaining({ name: 'RenderFailure', code, ...(retryable === undefined ? {} : { retryable }) });

describe('createBrowserPool', () => {
  let pool: ManagedBrowserPool;
  afterEach(async () => {
    await pool?.close();
  });

  it('serves every render from one browser and recycles a page after recycleAfter uses', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 3 });
    const seen: { page: Page; pid: number | undefined; url: string }[] = [];
    for (let i = 0; i < 7; i++) {
      await pool.withPage(async (page) => {
        seen.push({ page, pid: pid(page), url: page.url() });
        await page.setContent(`<p>${i}</p>`);
      }, A);
    }
    expect(new Set(seen.map((s) => s.pid)).size).toBe(1);
    const pages = seen.map((s) => s.page);
    expect(pages[1]).toBe(pages[0]);
    expect(pages[2]).toBe(pages[0]);
    expect(pages[3]).not.toBe(pages[0]);
    expect(pages[5]).toBe(pages[3]);
    expect(pages[6]).not.toBe(pages[3]);
    // each use starts from a reset page
    expect(seen.every((s) => s.url === 'about:blank')).toBe(true);
    // the last reset runs after the call resolved
    for (let i = 0; i < 100 && pool.stats().busy > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(pool.stats()).toMatchObject({ launches: 1, crashes: 0, pagesRecycled: 2, busy: 0, queued: 0 });
  });

  it('queues callers when all pages are busy and hands out pages exclusively', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 2, recycleAfter: 100 });
    let active = 0;
    let maxActive = 0;
    const inUse = new Set<Page>();
    const job = () =>
      pool.withPage(async (page) => {
        expect(inUse.has(page)).toBe(false);
        inUse.add(page);
        maxActive = Math.max(maxActive, ++active);
        await new Promise((r) => setTimeout(r, 50));
        active--;
        inUse.delete(page);
      }, A);
    await Promise.all(Array.from({ length: 6 }, job));
    expect(maxActive).toBe(2);
  });

  it('rejects the in-flight call as browser_crashed when Chromium dies, then relaunches', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 100 });
    const firstPid = await pool.withPage(async (page) => pid(page), A);
    const inflight = pool.withPage(async (page) => {
      chromiumProcess.kill(page.browser());
      await new Promise(() => undefined); // would hang forever without crash detection
    }, A);
    await expect(inflight).rejects.toEqual(expectFailure('browser_crashed', true));
    const next = await pool.withPage(async (page) => {
      await page.setContent('<p>alive</p>');
      return { pid: pid(page), text: await page.evaluate('document.body.textContent') };
    }, A);
    expect(next.text).toBe('alive');
    expect(next.pid).not.toBe(firstPid);
    expect(pool.stats()).toMatchObject({ launches: 2, crashes: 1 });
  });

  it('cancels queued and running calls through their AbortSignal', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 100 });
    const running = new AbortController();
    const first = pool.withPage(async (page) => {
      await page.evaluate('new Promise(() => {})');
    }, { ...A, signal: running.signal });
    const queued = new AbortController();
    const second = pool.withPage(async () => 'never', { ...A, signal: queued.signal });
    queued.abort();
    await expect(second).rejects.toEqual(expectFailure('cancelled'));
    running.abort(new RenderFailure('render_timeout', 'too slow'));
    await expect(first).rejects.toEqual(expectFailure('render_timeout'));
    // the abandoned page was replaced; the pool still serves
    await expect(pool.withPage(async (page) => page.evaluate('1 + 1'), A)).resolves.toBe(2);
  });

  it('replaces a page whose caller leaked listeners', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 100 });
    const first = await pool.withPage(async (page) => {
      page.on('console', () => undefined);
      return page;
    }, A);
    const second = await pool.withPage(async (page) => page, A);
    expect(second).not.toBe(first);
    expect(second.listenerCount('console')).toBe(0);
  });

  it('passes through the caller error and keeps the page', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 100 });
    let first: Page | undefined;
    await expect(
      pool.withPage(async (page) => {
        first = page;
        throw new Error('boom');
      }, A),
    ).rejects.toThrow('boom');
    await expect(pool.withPage(async (page) => page, A)).resolves.toBe(first);
  });

  it('rejects waiting callers when closed', async () => {
    pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 100 });
    const hold = pool.withPage(() => new Promise((r) => setTimeout(r, 300)), A);
    const holdOutcome = hold.then(() => 'resolved', (err: RenderFailure) => err.code);
    const waiting = pool.withPage(async () => 'x', A);
    const waitingOutcome = expect(waiting).rejects.toEqual(expectFailure('cancelled', true));
    await pool.close();
    await waitingOutcome;
    expect(await holdOutcome).toBe('cancelled'); // in flight when the pool closed
    await expect(pool.withPage(async () => 'x', A)).rejects.toEqual(expectFailure('cancelled'));
  });
});
