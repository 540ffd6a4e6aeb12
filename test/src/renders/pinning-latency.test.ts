import type http from 'node:http';
import { PIN_CAPS } from '@rp/workflow-safe';
import { closeTestDb, newOrg, recordFigures, solidPng, startFixtureServer, type FixtureServer, type TestOrg } from '../index';

// Save latency with pinning (docs/pinning.md "Save latency"): the time a save takes to pin N resources from a local
// server is measured and recorded (figures); the bound is shown with 40 resources from a slow-loris server: all end
// `unresolved`, at most CONCURRENCY of them per FETCH_TIMEOUT_MS round within DEADLINE_MS and the rest cut off by that
// deadline, and the save answers after the deadline and before a fetch started at it could have timed out.
jest.setTimeout(120_000);

const PNG = solidPng(4, 4, [0, 120, 200]);
const SIZES = [0, 1, 10, 40];
const REPEATS = 3;

describe('save latency with pinning', () => {
  let org: TestOrg;
  let server: FixtureServer;
  beforeAll(async () => {
    org = await newOrg();
    server = await startFixtureServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = req.url ?? '';
      if (url.startsWith('/img/')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (url.startsWith('/slow-loris/')) {
        // headers, then a byte a second: never a complete answer within the fetch timeout
        res.writeHead(200, { 'content-type': 'image/png' });
        const timer = setInterval(() => res.write('x'), 1000);
        return void res.on('close', () => clearInterval(timer));
      }
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await server?.close();
    await closeTestDb();
  });

  let run = 0;
  /** A template loading `n` distinct images (new URLs each save, so nothing is shared with an earlier one). */
  const html = (n: number, path: string) => {
    run++;
    return `<div style="display:flex;flex-wrap:wrap">${Array.from({ length: n }, (_, i) => `<img src="${server.url}${path}${run}-${i}.png" width="4" height="4">`).join('')}</div>`;
  };
  const save = async (body: string) => {
    const started = performance.now();
    const res = await org.api.post('/v1/templates', { name: 'pin-latency', type: 'image', width: 100, height: 100, composition_html: body, engine: 'chromium' });
    return { res, ms: Math.round(performance.now() - started) };
  };
  const manifestOf = async (id: string) => (await org.api.get(`/v1/templates/${id}/versions/1`)).body.pinned_resources as any[];

  test('a save pinning 0, 1, 10 and 40 resources from a local server: every one pinned, the latency recorded', async () => {
    const figures: Record<string, { save_ms: number[]; median_ms: number }> = {};
    for (const n of SIZES) {
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const { res, ms } = await save(html(n, '/img/'));
        expect(res.status).toBe(201);
        const manifest = await manifestOf(res.body.id);
        expect(manifest.map((r) => r.status)).toEqual(Array.from({ length: n }, () => 'pinned'));
        times.push(ms);
      }
      figures[`n${n}`] = { save_ms: times, median_ms: [...times].sort((a, b) => a - b)[1]! };
    }
    recordFigures('pinning-latency', { caps: PIN_CAPS, ...figures });
  });

  test('40 resources from a slow-loris server: the save answers with each unresolved, cut off by the per-fetch timeout or the run deadline', async () => {
    const { res, ms } = await save(html(40, '/slow-loris/'));
    expect(res.status).toBe(201);
    const manifest = await manifestOf(res.body.id);
    const timeout = `no complete answer within ${PIN_CAPS.FETCH_TIMEOUT_MS} ms`;
    const deadline = `not fetched within the pinning deadline of ${PIN_CAPS.DEADLINE_MS} ms`;
    expect(manifest).toHaveLength(40);
    for (const r of manifest) {
      expect({ status: r.status, code: r.error?.code }).toEqual({ status: 'unresolved', code: 'asset_unreachable' });
      expect([timeout, deadline]).toContain(r.error.message.slice(r.error.message.indexOf(': ') + 2));
    }
    // CONCURRENCY fetches at a time, each cut at FETCH_TIMEOUT_MS: DEADLINE_MS / FETCH_TIMEOUT_MS rounds run (the last
    // one ends with the deadline, so its fetches may carry either message); every other resource is never fetched
    const rounds = Math.floor(PIN_CAPS.DEADLINE_MS / PIN_CAPS.FETCH_TIMEOUT_MS);
    const timedOut = manifest.filter((r) => r.error.message.endsWith(timeout)).length;
    expect(timedOut).toBeGreaterThanOrEqual(PIN_CAPS.CONCURRENCY * (rounds - 1));
    expect(timedOut).toBeLessThanOrEqual(PIN_CAPS.CONCURRENCY * rounds);
    // none of them ever completes, so the run lasts until its deadline; at the deadline the fetches still running are
    // aborted and no new one starts, so the save answers before a fetch started then could reach its own timeout (a
    // run that let a fourth round start, or had no deadline, would take DEADLINE_MS + FETCH_TIMEOUT_MS or longer)
    expect(ms).toBeGreaterThanOrEqual(PIN_CAPS.DEADLINE_MS);
    expect(ms).toBeLessThan(PIN_CAPS.DEADLINE_MS + PIN_CAPS.FETCH_TIMEOUT_MS);
    recordFigures('pinning-slow-loris', { resources: 40, timed_out: timedOut, cut_by_deadline: 40 - timedOut, save_ms: ms });
  });
});
