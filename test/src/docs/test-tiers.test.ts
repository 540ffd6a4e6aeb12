import { exec, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// The tiers come from file names (jest.config.js): a test beside the code that launches Chromium, ffmpeg, fontconfig's
// tools or the native engine is `*.browser.test.ts`, else it would run in the unit tier, where nothing installs them.
// Two checks keep one from landing there unnamed: the unit tier's guard (jest.unit-tier-guard.js) refuses the launch
// at run time, and the scan below finds the launchers in the source of every unit-tier file beside the code and in
// test/src/bench.
const ROOT = path.resolve(__dirname, '../../..');
const refusals = (globalThis as { unitTierGuardRefusals?: string[] }).unitTierGuardRefusals;

/** The helpers and APIs through which a test starts Chromium, ffmpeg, fontconfig's tools or the native engine. */
const LAUNCHERS =
  /\bfrom 'puppeteer'|\b(launchTestBrowser|createBrowserPool|createNativeEngine|startParityEngines|chromiumPath|renderVideoChunk|encodeSegment|probeVideo|decodeFrames|installedFontCoverage|fontPackageVersions|warmFfmpeg)\b|\b(CHROMIUM|HEADLESS_SHELL)\b|\bexecFileSync\('ffmpeg'/;

function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) testFiles(p, out);
    else if (e.name.endsWith('.test.ts')) out.push(path.relative(ROOT, p));
  }
  return out;
}

describe('the unit tier', () => {
  afterEach(() => refusals?.splice(0));

  it('runs under the guard', () => {
    expect(refusals).toBeInstanceOf(Array);
  });

  it.each([
    ['spawn', () => spawn('/usr/bin/chromium', ['--version'])],
    ['execFile', () => execFile('ffmpeg', ['-version'])],
    ['execFileSync', () => execFileSync('/opt/chrome-headless-shell/linux64/chrome-headless-shell', ['--version'])],
    ['exec', () => exec('fc-list : family')],
  ])('refuses a browser or ffmpeg started with %s, naming the file', (_how, start) => {
    expect(start).toThrow(/unit tier: test\/src\/docs\/test-tiers\.test\.ts starts .*\*\.browser\.test\.ts/);
    expect(refusals).toHaveLength(1);
  });

  it('refuses them through promisify too', async () => {
    await expect(promisify(execFile)('ffprobe', ['-version'])).rejects.toThrow(/starts ffprobe/);
    expect(refusals).toHaveLength(1);
  });

  it('lets other programs run, promisified as Node promisifies them', async () => {
    expect(execFileSync('node', ['-e', 'process.stdout.write("ok")']).toString()).toBe('ok');
    await expect(promisify(execFile)('node', ['-e', 'process.stdout.write("ok")'])).resolves.toMatchObject({ stdout: 'ok' });
  });

  it('holds no test beside the code or in the bench that reaches a browser, ffmpeg or the native engine', () => {
    const beside = ['packages', 'services', 'workflows', 'tools', 'apps', 'sdk', 'test/src/bench'].flatMap((d) => testFiles(path.join(ROOT, d)));
    const unitTier = beside.filter((f) => !/\.(browser|stack)\.test\.ts$/.test(f));
    expect(unitTier.length).toBeGreaterThan(50);
    expect(unitTier.filter((f) => LAUNCHERS.test(fs.readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('finds the launchers in the tests that are named for the browser tier', () => {
    const browser = testFiles(path.join(ROOT, 'services')).filter((f) => f.endsWith('.browser.test.ts'));
    expect(browser.length).toBeGreaterThan(10);
    const unseen = browser.filter((f) => !LAUNCHERS.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(unseen).toEqual([]);
  });
});
