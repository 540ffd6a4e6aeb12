import crypto from 'node:crypto';
import fs from 'node:fs';
import { createSsrfGuard } from '@rp/net-guard';
import { decodePng, type DecodedPng } from '@rp/test-kit';
import { chromiumPath } from '../../testing';
import { createBrowserPool, type ManagedBrowserPool } from './chromium/pool/browser-pool';
import { composeDocument } from '../compose-document';
import { createRequestGuard } from '../request-guard';
import { createChromiumEngine } from './chromium/capture/chromium-engine';
import type { EngineAssets, EngineRenderInput } from './image-engine';
import { createNativeEngine, type NativeEngine } from './native/image/native-engine';

// An image is captured at one instant, time 0 of every animation (docs/renders.md "Determinism"): two renders of a
// CSS-animated card give the same bytes, whenever its page happens to become ready. The native engine runs from dist:
// `npm run build` first.
const W = 240;
const H = 160;
const ssrfGuard = createSsrfGuard();
const resolveAsset = async () => null;
const assets: EngineAssets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
const input = (html: string): EngineRenderInput => ({
  document: composeDocument({ html, width: W, height: H, placeholders: [], modifications: [] }),
  width: W, height: H, format: 'png', orgId: 'org-instant', timeoutMs: 15_000, assets,
});
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * A stats card as an SVG with CSS animations, fast enough that a few milliseconds show: a bar sweeping round, a ring
 * drawn by its dash offset, a dot fading in after a delay, and one started half-way by a negative delay.
 */
const SVG_CARD = `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg">
<style>
  .sweep { transform-origin: 60px 80px; animation: spin 0.25s linear infinite; }
  .ring { stroke-dasharray: 252; animation: draw 0.4s ease-out infinite; }
  .dot { animation: fade 1s 0.3s both; }
  .half { transform-origin: 200px 40px; animation: spin 1s linear -0.25s infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @keyframes draw { from { stroke-dashoffset: 252; } to { stroke-dashoffset: 0; } }
  @keyframes fade { from { opacity: 0; } to { opacity: 1; } }
</style>
<rect width="${W}" height="${H}" fill="#ffffff"/>
<rect class="sweep" x="60" y="76" width="50" height="8" fill="#cc0000"/>
<circle class="ring" cx="60" cy="80" r="40" fill="none" stroke="#0033cc" stroke-width="6"/>
<circle class="dot" cx="150" cy="120" r="12" fill="#00aa00"/>
<rect class="half" x="200" y="36" width="30" height="8" fill="#222222"/>
</svg>`;

/** An HTML card whose box fades in: what the native engine draws too (takumi applies keyframes at time 0). */
const HTML_CARD = '<style>.f{animation:fade 0.2s both}@keyframes fade{from{opacity:0}to{opacity:1}}</style>' +
  '<div class="f" style="position:absolute;left:20px;top:20px;width:80px;height:60px;background:#cc0000"></div>' +
  '<div style="position:absolute;left:140px;top:20px;width:80px;height:60px;background:#0033cc"></div>';

let pool: ManagedBrowserPool;
let native: NativeEngine;
beforeAll(async () => {
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard });
  native = createNativeEngine({ processes: 1 });
});
afterAll(async () => {
  await pool?.close();
  await native?.close();
});

const rgb = (png: DecodedPng, x: number, y: number) => png.pixel(x, y).slice(0, 3);

describe('an image is captured at time 0 of its animations', () => {
  it('two Chromium renders of an animated SVG card have the same sha256, at the start of each animation', async () => {
    const chromium = createChromiumEngine(pool);
    const first = await chromium.render(input(SVG_CARD));
    // other work in between, so the second page becomes ready at another moment of the wall clock
    await chromium.render(input('<p>between</p>'));
    await new Promise((r) => setTimeout(r, 137));
    const second = await chromium.render(input(SVG_CARD));
    expect(sha256(second.image)).toBe(sha256(first.image));

    const png = decodePng(first.image);
    expect(rgb(png, 95, 80)).toEqual([204, 0, 0]); // the bar at 0 degrees: pointing right of the centre
    expect(rgb(png, 60, 40)).toEqual([255, 255, 255]); // the ring not drawn yet (dash offset = its length)
    expect(rgb(png, 150, 120)).toEqual([255, 255, 255]); // the dot still waits for its delay (fill backwards: opacity 0)
    // the negative delay starts the bar a quarter turn in: it points down from its centre
    expect(rgb(png, 200, 60)).toEqual([34, 34, 34]);
    expect(rgb(png, 225, 40)).toEqual([255, 255, 255]);
  });

  it('a Web Animation a script starts and an SVG <animate> are held at their start too', async () => {
    const html = '<div id="a" style="position:absolute;left:20px;top:20px;width:80px;height:20px;background:#cc0000"></div>' +
      `<svg width="${W}" height="${H}" style="position:absolute;left:0;top:0"><rect x="10" y="100" width="30" height="30" fill="#0000cc">` +
      '<animate attributeName="x" from="10" to="200" dur="0.3s" repeatCount="indefinite"/></rect></svg>' +
      "<script>document.getElementById('a').animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], { duration: 250, iterations: Infinity });</script>";
    const chromium = createChromiumEngine(pool);
    const first = await chromium.render(input(html));
    await new Promise((r) => setTimeout(r, 137));
    const second = await chromium.render(input(html));
    expect(sha256(second.image)).toBe(sha256(first.image));
    const png = decodePng(first.image);
    expect(rgb(png, 90, 30)).toEqual([204, 0, 0]); // not turned
    expect(rgb(png, 25, 115)).toEqual([0, 0, 204]); // not moved
  });

  it("the pool's Chromium runs animations on the main thread only (--disable-threaded-animation)", async () => {
    // On the compositor thread a running transform animation keeps ticking until a later commit brings it the hold's
    // pause: the capture above then shows the box turned a few degrees, in a few of every hundred renders on a starved CPU.
    const launched = await pool.withPage(async (page) => page.browser().process()?.pid, { orgId: 'org-instant' });
    expect(launched).toEqual(expect.any(Number));
    const procs = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(pid), ppid, argv: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') }];
      } catch {
        return []; // gone meanwhile
      }
    });
    // the browser process: what puppeteer launched, or its child when that is a wrapper script; its own argv is never
    // rewritten (renderers and zygotes rewrite theirs into a title cut at a few hundred characters)
    const browser = [launched, ...procs.filter((p) => p.ppid === launched).map((p) => p.pid)]
      .map((pid) => procs.find((p) => p.pid === pid))
      .find((p) => p && /chrom/.test(p.argv[0] ?? '') && !p.argv.some((a) => a.startsWith('--type=')));
    expect(browser?.argv).toContain('--disable-threaded-animation');
  });

  it('the native engine draws the same instant of an HTML animation as Chromium', async () => {
    for (const engine of [createChromiumEngine(pool), native]) {
      const a = await engine.render(input(HTML_CARD));
      const b = await engine.render(input(HTML_CARD));
      expect(sha256(b.image)).toBe(sha256(a.image));
      const png = decodePng(a.image);
      expect(rgb(png, 60, 50)).toEqual([255, 255, 255]); // faded out at time 0
      expect(rgb(png, 180, 50)).toEqual([0, 51, 204]);
    }
  });
});
