/**
 * Flags a browser needs for the `begin-frame` strategy (chromium-headless-shell only). With them the compositor
 * produces a frame only when asked through HeadlessExperimental.beginFrame, so a browser launched this way cannot
 * serve Page.captureScreenshot (it would wait for a frame forever): it needs its own pool.
 * Same list puppeteer-capture requires for HeadlessExperimental capture.
 */
export const BEGIN_FRAME_CHROME_ARGS: readonly string[] = [
  '--deterministic-mode',
  '--enable-begin-frame-control',
  '--run-all-compositor-stages-before-draw',
  '--disable-new-content-rendering-timeout',
  '--disable-threaded-animation',
  '--disable-threaded-scrolling',
  '--disable-checker-imaging',
  '--disable-image-animation-resync',
  '--enable-surface-synchronization',
];

/**
 * Flags that must not be combined with BEGIN_FRAME_CHROME_ARGS: `--disable-frame-rate-limit` makes the compositor
 * draw on its own as well, so begin-frame captures become non-deterministic and much slower (measured on Chromium
 * 156). Fine for the screenshot pool.
 */
export const BEGIN_FRAME_INCOMPATIBLE_ARGS: readonly string[] = ['--disable-frame-rate-limit'];

/**
 * Flags every launch shares (the pool, the probe, the bench and the tests). `--no-sandbox` is not among them: the pool
 * adds it only when the sandbox is off (sandbox/chromium-sandbox.ts); tests and baselines running as root add it
 * themselves.
 */
export const BASE_CHROME_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Installed faces take their rasterisation from fontconfig (Debian: hintstyle slight); web fonts (@font-face) take
  // the renderer's default, which headless-shell sets from this flag (its own default is full hinting). Slight makes
  // an uploaded font render exactly as the same file installed, as full Chromium does (measured on 156: 0 pixels
  // apart, against 2657 with the default and 1015 with `none`); installed faces are unchanged.
  '--font-render-hinting=slight',
];
