import fs from 'node:fs';

/** Full Chromium: the screenshot video strategy and the fallback for images. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** chromium-headless-shell: images and the begin-frame video strategy. */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** What the worker uses for images: headless-shell if installed, else full Chromium (the worker's own order). */
export function chromiumPath(): string {
  const found = [HEADLESS_SHELL, CHROMIUM].find((p) => fs.existsSync(p));
  if (!found) throw new Error('no Chromium found (run scripts/setup.sh)');
  return found;
}
