import { readFileSync } from 'node:fs';
import { waitFor } from '@rp/test-kit';
import { createSsrfGuard } from '@rp/net-guard';
import { composeDocument } from '../../../compose-document';
import { createRequestGuard } from '../../../request-guard';
import { createNativeEngine, type NativeEngine } from '../image/native-engine';
import { ENGINE_NODE_FLAGS } from './native-process-pool';

// Launches native engine processes from dist (browser tier: `npm run build` first).
let engine: NativeEngine;
afterAll(() => engine?.close());

const ssrfGuard = createSsrfGuard();
const resolveAsset = async () => null;
const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };

describe('native engine started with the worker (startNow)', () => {
  it('has every process running and ready before the first render, which one of them draws', async () => {
    engine = createNativeEngine({ processes: 2, startNow: true });
    const started = engine.pids();
    expect(started).toHaveLength(2);
    // ready: the version a process reports once it has registered its faces and readied ffmpeg
    await waitFor(async () => (/^takumi \d/.test(engine.version()) ? true : null), { timeoutMs: 15_000, everyMs: 20, what: 'an engine process ready' });
    const document = composeDocument({ html: '<div style="width:20px;height:20px;background:#f00"></div>', width: 40, height: 40, placeholders: [], modifications: [] });
    const out = await engine.render({ document, width: 40, height: 40, format: 'png', orgId: 'org-a', timeoutMs: 15_000, assets });
    expect(out.engine).toBe('native');
    // no process was started for it
    expect(engine.pids().sort()).toEqual([...started].sort());
  });

  it('starts every process with the engine V8 flags, as its command line shows', () => {
    engine ??= createNativeEngine({ processes: 2, startNow: true });
    expect(ENGINE_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(engine.pids()).toHaveLength(2);
    for (const pid of engine.pids()) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      for (const flag of ENGINE_NODE_FLAGS) expect(argv).toContain(flag);
    }
  });
});
