import type { Page } from 'puppeteer';
import { DEFAULT_CLOCK_EPOCH_MS, injectVirtualClock } from './inject-virtual-clock';
import { VIRTUAL_CLOCK_GLOBAL } from './virtual-clock-script';
import { launchTestBrowser, type TestBrowser } from '../../../../testing';

let tb: TestBrowser;
beforeAll(async () => {
  tb = await launchTestBrowser('screenshot');
});
afterAll(async () => tb.close());

/** Loads `script` as template code under the virtual clock, ticks through `frames` frame times, returns window.log. */
async function run(page: Page, script: string, frames: number[]): Promise<unknown[]> {
  await page.setContent(injectVirtualClock(`<!doctype html><html><head></head><body><div id="el"></div><script>window.log=[];${script}</script></body></html>`));
  for (const t of frames) await page.evaluate((k, ms) => (globalThis as any)[k].tick(ms), VIRTUAL_CLOCK_GLOBAL, t);
  return page.evaluate(() => (globalThis as any).log);
}

const frames = (n: number, fps: number) => Array.from({ length: n }, (_, i) => (i * 1000) / fps);

describe('virtual clock', () => {
  it('starts Date at the epoch and performance.now at 0, and only moves on tick', async () => {
    const log = await tb.withPage((p) =>
      run(p, `log.push(Date.now(), performance.now(), new Date().getTime(), typeof Date(), new Date(5).getTime(), new Date() instanceof Date);
              requestAnimationFrame(t => log.push(t, Date.now(), performance.now()));`, [0, 100]),
    );
    expect(log).toEqual([DEFAULT_CLOCK_EPOCH_MS, 0, DEFAULT_CLOCK_EPOCH_MS, 'string', 5, true, 0, DEFAULT_CLOCK_EPOCH_MS, 0]);
  });

  it('fires timers at their due time, in order, before the frame rAF', async () => {
    const log = await tb.withPage((p) =>
      run(p, `setTimeout(() => log.push('t25@' + performance.now()), 25);
              setTimeout(() => log.push('t10@' + performance.now()), 10);
              const iv = setInterval(() => { log.push('iv@' + performance.now()); }, 15);
              setTimeout(() => clearInterval(iv), 40);
              (async () => { await new Promise(r => setTimeout(r, 20)); log.push('await@' + performance.now()); })();
              requestAnimationFrame(function f(t) { log.push('raf@' + t); if (t <= 50) requestAnimationFrame(f); });`,
        frames(3, 20)), // ticks at 0, 50, 100
    );
    expect(log).toEqual(['raf@0', 't10@10', 'iv@15', 'await@20', 't25@25', 'iv@30', 'raf@50', 'raf@100']);
  });

  it('clamps nested zero-delay timers so a self-rescheduling timer cannot hang a tick', async () => {
    const log = await tb.withPage((p) => run(p, `let n = 0; (function f() { n++; setTimeout(f, 0); })(); requestAnimationFrame(() => log.push(n));`, [0, 40]));
    // The direct call plus 5 unclamped nested timers run at t=0; deeper ones are clamped to 4 ms.
    expect(log).toEqual([6]);
  });

  it('cancelAnimationFrame works inside the running batch', async () => {
    const log = await tb.withPage((p) =>
      run(p, `let b; requestAnimationFrame(() => { log.push('a'); cancelAnimationFrame(b); }); b = requestAnimationFrame(() => log.push('b'));`, [0, 10]),
    );
    expect(log).toEqual(['a']);
  });

  it('seeks WAAPI/CSS animations to virtual time and resolves finished when time passes the end', async () => {
    const log = await tb.withPage((p) =>
      run(p, `const a = document.getElementById('el').animate([{opacity: 0}, {opacity: 1}], {duration: 100, fill: 'forwards'});
              a.finished.then(() => log.push('finished@' + performance.now()));
              requestAnimationFrame(function f() { log.push(Math.round(a.currentTime)); requestAnimationFrame(f); });`,
        [0, 40, 80, 120, 160]),
    );
    expect(log).toEqual([0, 40, 80, 100, 'finished@120', 100]);
  });

  it('animations created by a timer start at that timer\'s due time', async () => {
    const log = await tb.withPage((p) =>
      run(p, `setTimeout(() => { window.a = document.getElementById('el').animate([{opacity: 0}, {opacity: 1}], 1000); }, 30);
              requestAnimationFrame(function f() { if (window.a) log.push(Math.round(a.currentTime)); requestAnimationFrame(f); });`,
        [0, 50, 100]),
    );
    expect(log).toEqual([20, 70]);
  });

  it('resets when the same window gets a new document (pooled page)', async () => {
    const log = await tb.withPage(async (p) => {
      await run(p, `setTimeout(() => log.push('stale'), 10);`, [0, 500]);
      return run(p, `log.push(performance.now()); setTimeout(() => log.push('fresh@' + performance.now()), 10);`, [0, 20]);
    });
    expect(log).toEqual([0, 'fresh@10']);
  });

  it('refuses to go backwards', async () => {
    await tb.withPage(async (p) => {
      await run(p, '', [0, 100]);
      await expect(p.evaluate((k) => (globalThis as any)[k].tick(50), VIRTUAL_CLOCK_GLOBAL)).rejects.toThrow(/backwards/);
    });
  });
});
