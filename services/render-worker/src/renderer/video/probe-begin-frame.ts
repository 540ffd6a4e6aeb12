import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer';
import { BASE_CHROME_ARGS, BEGIN_FRAME_CHROME_ARGS } from './begin-frame-chrome-args';

/**
 * True when `executablePath` (chromium-headless-shell) serves HeadlessExperimental.beginFrame with a real image.
 * Builds exist that dropped the method, and the first frames of a fresh surface carry no image, so the probe loads a
 * page and asks for a bounded series of frames, each with a timeout, and requires actual JPEG bytes.
 */
export async function probeBeginFrame(executablePath: string, opts: { timeoutMs?: number } = {}): Promise<boolean> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  const userDataDir = await mkdtemp(join(tmpdir(), 'rp-probe-'));
  let browser: Browser | undefined;
  try {
    browser = await withDeadline(
      puppeteer.launch({
        executablePath,
        headless: 'shell',
        userDataDir,
        args: [...BASE_CHROME_ARGS, ...BEGIN_FRAME_CHROME_ARGS],
      }),
      deadline,
    );
    const page = await withDeadline(browser.newPage(), deadline);
    await withDeadline(page.setViewport({ width: 64, height: 64 }), deadline);
    await withDeadline(page.setContent('<body style="margin:0;background:#08f"></body>'), deadline);
    const session = await page.createCDPSession();
    await session.send('HeadlessExperimental.enable').catch(() => undefined);
    for (let i = 0; i < 20 && Date.now() < deadline; i++) {
      const res = await withDeadline(
        session.send('HeadlessExperimental.beginFrame', { screenshot: { format: 'jpeg' } }),
        Math.min(deadline, Date.now() + 2000),
      );
      const data = res.screenshotData ? Buffer.from(res.screenshotData, 'base64') : null;
      if (data && data.length > 2 && data[0] === 0xff && data[1] === 0xd8) return true;
    }
    return false;
  } catch {
    return false;
  } finally {
    await browser?.close().catch(() => browser?.process()?.kill('SIGKILL'));
    await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

function withDeadline<T>(p: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), Math.max(0, deadline - Date.now()));
  });
  p.catch(() => undefined);
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
