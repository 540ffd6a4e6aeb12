import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import puppeteer from 'puppeteer';
import { captureFrames } from './capture-frames';
import { animatedFixture } from './fixtures/animated';
import { BASE_CHROME_ARGS } from './begin-frame-chrome-args';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 8);
const sets: Record<string, [string, string[]]> = {
  plain: ['/usr/bin/chromium', []],
  A: ['/usr/bin/chromium', ['--disable-threaded-animation', '--disable-threaded-scrolling', '--disable-checker-imaging', '--disable-image-animation-resync']],
  B: ['/usr/bin/chromium', ['--disable-threaded-animation', '--disable-threaded-scrolling', '--disable-checker-imaging', '--disable-image-animation-resync', '--run-all-compositor-stages-before-draw']],
  shell: ['/usr/bin/chromium-headless-shell', []],
  shellB: ['/usr/bin/chromium-headless-shell', ['--disable-threaded-animation', '--disable-threaded-scrolling', '--disable-checker-imaging', '--disable-image-animation-resync', '--run-all-compositor-stages-before-draw']],
};
test('dbg', async () => {
  for (const [name, [exe, extra]] of Object.entries(sets)) {
    const browser = await puppeteer.launch({ executablePath: exe, headless: exe.includes('shell') ? 'shell' : true, userDataDir: mkdtempSync('/tmp/vexp/ud-'), args: [...BASE_CHROME_ARGS, ...extra] });
    const doc = animatedFixture({ width: 320, height: 180, seconds: 5, driver: 'mixed' });
    const cap = async (s: number, e: number) => { const f: Buffer[] = []; const page = await browser.newPage(); await captureFrames(page, { document: doc, width: 320, height: 180, fps: 10, startFrame: s, endFrame: e, strategy: 'screenshot', onFrame: (b) => void f.push(b) }); await page.close(); return f; };
    const out: string[] = [];
    const t0 = Date.now();
    const base = await cap(0, 50);
    for (let rep = 0; rep < 3; rep++) {
      const full = await cap(0, 50); const ch = await cap(23, 37);
      const bad: number[] = []; const badc: number[] = [];
      full.forEach((b, i) => { if (sha(b) !== sha(base[i])) bad.push(i); });
      ch.forEach((b, i) => { if (sha(b) !== sha(base[23 + i])) badc.push(23 + i); });
      out.push(`full:[${bad}] chunk:[${badc}]`);
    }
    console.log(name, Date.now() - t0, 'ms', out.join(' | '));
    await browser.close();
  }
});
