import { chromiumProcess, type LaunchedChromium } from '../pool/chromium-process';
import type { ChromiumSandbox } from '../sandbox/chromium-sandbox';
import { BEGIN_FRAME_CHROME_ARGS } from '../pool/chrome-args';

/**
 * True when `executablePath` (chromium-headless-shell) serves HeadlessExperimental.beginFrame with a real image.
 * Builds exist that dropped the method, and the first frames of a fresh surface carry no image, so the probe loads a
 * page and asks for a bounded series of frames and requires actual JPEG bytes.
 * It answers false only for what the browser says (no such method, no image in 20 frames); a browser that does not
 * start, or does not answer within `timeoutMs` (generous: a loaded machine launches slowly), rejects, so a slow
 * machine is never mistaken for a build without begin-frame. The worker decides what a rejection means (main.ts).
 */
export async function probeBeginFrame(executablePath: string, opts: { timeoutMs?: number; sandbox?: ChromiumSandbox } = {}): Promise<boolean> {
  const timeoutMs = opts.timeoutMs ?? 90_000;
  const deadline = Date.now() + timeoutMs;
  // launched exactly like the begin-frame pool (same sandbox, same flags), so the answer holds for it
  const launching = chromiumProcess.launch({ executablePath, launchArgs: [...BEGIN_FRAME_CHROME_ARGS], sandbox: opts.sandbox });
  let launched: LaunchedChromium | undefined;
  try {
    launched = await withDeadline(launching, deadline);
    const { browser } = launched;
    const page = await withDeadline(browser.newPage(), deadline);
    await withDeadline(page.setViewport({ width: 64, height: 64 }), deadline);
    await withDeadline(page.setContent('<body style="margin:0;background:#08f"></body>'), deadline);
    const session = await page.createCDPSession();
    await session.send('HeadlessExperimental.enable').catch(() => undefined);
    for (let i = 0; i < 20; i++) {
      const res = await withDeadline(session.send('HeadlessExperimental.beginFrame', { screenshot: { format: 'jpeg' } }), deadline).catch((err: Error) => {
        if (/wasn't found|not found|unknown method/i.test(err.message)) return null;
        throw err;
      });
      if (res === null) return false; // this build has no beginFrame
      const data = res.screenshotData ? Buffer.from(res.screenshotData, 'base64') : null;
      if (data && data.length > 2 && data[0] === 0xff && data[1] === 0xd8) return true;
    }
    return false;
  } finally {
    // a launch that lost the race to the deadline still has to be stopped once it arrives
    const l = launched ?? (await launching.catch(() => undefined));
    if (l) {
      await chromiumProcess.close(l.browser, 5_000);
      await chromiumProcess.removeProfile(l.userDataDir, l.browser, l.owner);
    }
  }
}

function withDeadline<T>(p: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('begin-frame probe: no answer before its deadline')), Math.max(0, deadline - Date.now()));
  });
  p.catch(() => undefined);
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
