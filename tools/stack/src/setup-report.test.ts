import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setupReport, type SetupTimes } from './setup-report';

describe('setupReport (the ready message after npm start)', () => {
  let cache: string;
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-report-'));
  });
  afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

  const write = (t: SetupTimes) => fs.writeFileSync(path.join(cache, 'setup-times.json'), JSON.stringify(t));
  const times: SetupTimes = {
    profiles: 'dev',
    startedAt: 1_000_500,
    finishedAt: 1_062_500,
    ms: 62_000,
    steps: [
      { name: 'apt', status: 'cached', ms: 300 },
      { name: 'npm-ci', status: 'ran', ms: 41_000 },
      { name: 'minio', status: 'ran', ms: 61_900 },
    ],
  };

  it('splits the time to ready into setup, build and stack and lists the steps that ran, slowest first', () => {
    write(times);
    const lines = setupReport({ RENDER_CACHE_DIR: cache, RP_START_MS: '1000000', RP_BUILD_MS: '20000' }, 8_000, 1_091_000);
    expect(lines).toEqual([
      'ready 91.0s after npm start (setup 62.0s, build 20.0s, stack 8.0s)',
      'setup steps (--for dev, concurrent): minio 61.9s, npm-ci 41.0s; cached: apt',
    ]);
  });

  it('ignores a setup-times.json older than this start (SKIP_SETUP=1)', () => {
    write(times);
    const lines = setupReport({ RENDER_CACHE_DIR: cache, RP_START_MS: '2000000', RP_BUILD_MS: '1500' }, 5_000, 2_010_000);
    expect(lines).toEqual(['ready 10.0s after npm start (setup skipped, build 1.5s, stack 5.0s)']);
  });

  it('prints nothing when the stack was not started by npm start', () => {
    write(times);
    expect(setupReport({ RENDER_CACHE_DIR: cache }, 5_000)).toEqual([]);
  });
});
