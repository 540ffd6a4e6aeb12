import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey } from '@rp/db';
import { apiClient, closeTestDb, expectHealthy, isQuick, newOrg, recordFigures, stackInfo, testDb, waitFor, type TestOrg } from '../index';

// Schemathesis (from PyPI, pinned in test/schemathesis/requirements.txt, installed by scripts/setup.sh) fuzzes every
// operation of the live OpenAPI document with a valid key and a fixed seed, with every check on: server errors,
// undocumented status codes, content types, headers and bodies outside the schema, invalid input that must be
// refused, deleted resources that must stay gone, auth that must matter, and positive_data_acceptance: what the
// schema allows the API accepts (cursors, calendar days and the like are described by patterns for this; the few
// rules JSON Schema cannot express, such as a reference to a row of this org, are listed with their reasons in
// test/schemathesis/schemathesis.toml).
const CHECKS = 'all';
const SEED = 20261123;
// The cluster tier runs this file again against replicas and the Temporal server (jest.config.js CLUSTER_SPEC_TESTS):
// every operation and every check, with a third of the cases, so the tier stays within its share of the CI budget
const MAX_EXAMPLES = isQuick() ? 5 : process.env.TEST_TIER === 'cluster' ? 10 : 30;
const FINAL = {
  renders: ['completed', 'failed'],
  collections: ['completed', 'completed_with_errors', 'failed'],
  webhook_deliveries: ['succeeded', 'failed'],
} as const;

jest.setTimeout(25 * 60_000);

function schemathesisBin(): string {
  if (process.env.SCHEMATHESIS_BIN) return process.env.SCHEMATHESIS_BIN;
  const cache = process.env.RENDER_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'render-platform');
  return path.join(cache, 'schemathesis', 'bin', 'st');
}

/** Runs a command, keeping only the last 64 KiB of its output (st prints every failing case in full). */
function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; tail: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (b: Buffer) => {
      tail = (tail + b.toString('utf8')).slice(-65536);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, tail }));
  });
}

const attr = (xml: string, name: string) => Number(new RegExp(`<testsuite [^>]*\\b${name}="(\\d+)"`).exec(xml)?.[1] ?? NaN);

describe('schemathesis against /v1/openapi.json', () => {
  let org: TestOrg;
  let workDir: string;
  beforeAll(async () => {
    org = await newOrg(`schemathesis-${Date.now()}`);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemathesis-'));
  });
  afterAll(async () => {
    fs.rmSync(workDir, { recursive: true, force: true });
    await closeTestDb();
  });

  test('every operation: no server error, no response outside the documented schema', async () => {
    const bin = schemathesisBin();
    expect(fs.existsSync(bin)).toBe(true);
    const { apiUrl } = stackInfo();
    const doc = await org.api.get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    const operations = Object.values<Record<string, unknown>>(doc.body.paths).reduce((n, item) => n + Object.keys(item).length, 0);

    const { code, tail } = await run(bin, [
      // per-operation settings of positive_data_acceptance, each with its reason
      '--config-file', path.resolve(__dirname, '../../schemathesis/schemathesis.toml'),
      'run', `${apiUrl}/v1/openapi.json`,
      '--header', `Authorization: Bearer ${org.key}`,
      '--checks', CHECKS,
      '--seed', String(SEED),
      '--max-examples', String(MAX_EXAMPLES),
      // one worker: CPython 3.11.7's ast.parse is not thread-safe (gh-106905), and Hypothesis parses lambdas while
      // building strategies, so parallel workers occasionally die with "AST constructor recursion depth mismatch"
      '--workers', '1',
      // longer than the longest Prefer: wait the API honours (60 s), so a held request is not called a hang
      '--request-timeout', '75',
      // `all` includes max_response_time, 10 s unless set: the API holds a request up to 60 s by design (Prefer:
      // wait) and a preview renders in Chromium on a shared CI machine, so the bound is the request timeout itself
      '--max-response-time', '75',
      '--generation-database', 'none',
      // below the key's RATE_LIMIT_PER_MINUTE (6000/min): a fuzzer that outran it would see 429s for whole minutes,
      // and which operations those swallowed (the render paths among them) would depend on the machine's speed
      '--rate-limit', '90/s',
      '--report', 'junit',
      '--report-junit-path', path.join(workDir, 'junit.xml'),
    ], workDir);

    const junit = fs.readFileSync(path.join(workDir, 'junit.xml'), 'utf8');
    const result = { exitCode: code, failures: attr(junit, 'failures'), errors: attr(junit, 'errors') };
    if (result.exitCode !== 0 || result.failures !== 0 || result.errors !== 0) {
      throw new Error(`schemathesis (seed ${SEED}) reported ${JSON.stringify(result)}:\n${tail}`);
    }
    // every operation of the document was exercised, not skipped
    const tested = [...junit.matchAll(/<testcase name="([A-Z]+ \/[^"]*)"/g)].map((m) => m[1]);
    expect(new Set(tested).size).toBe(operations);
    expect(operations).toBeGreaterThanOrEqual(37);
    expect(attr(junit, 'skipped')).toBe(0);
    const cases = Number(/(\d+) generated/.exec(tail)?.[1] ?? NaN);
    // its summary line was read: at least one case for every operation
    expect(cases).toBeGreaterThanOrEqual(operations);
    recordFigures('schemathesis', { seed: SEED, max_examples: MAX_EXAMPLES, operations, cases, failures: result.failures, errors: result.errors, checks: CHECKS });
  }, 900_000);

  test('afterwards the service is up and nothing the fuzzer started is left unfinished', async () => {
    await expectHealthy();
    // Fuzzed videos may be 60 s long and fuzzed webhooks point at hosts that do not resolve: cancel and delete
    // them so they end now instead of loading the suites that follow.
    const db = testDb();
    // a key of its own: the fuzzer may have spent the first key's rate limit for this minute (a 429 is its right)
    const ops = apiClient((await createApiKey(db, org.orgId)).key);
    const videos = await db('renders').where({ org_id: org.orgId, kind: 'video' }).whereNotIn('status', FINAL.renders).pluck('id');
    for (const id of videos) {
      const res = await ops.post(`/v1/videos/${id}/cancel`);
      expect([202, 409]).toContain(res.status);
    }
    const hooks = await db('webhooks').where({ org_id: org.orgId }).whereNull('deleted_at').pluck('id');
    for (const id of hooks) expect((await ops.delete(`/v1/webhooks/${id}`)).status).toBe(204);

    const unfinished = async () => {
      const counts: Record<string, number> = {};
      for (const [table, final] of Object.entries(FINAL)) {
        const [{ count }] = await db(table).where({ org_id: org.orgId }).whereNotIn('status', final).count<{ count: string }[]>('* as count');
        if (Number(count) > 0) counts[table] = Number(count);
      }
      return counts;
    };
    await waitFor(async () => (Object.keys(await unfinished()).length === 0 ? true : null), {
      timeoutMs: 10 * 60_000,
      everyMs: 2000,
      what: 'every render, collection and delivery of the fuzzed org to be final',
    }).catch(async (e) => {
      throw new Error(`${(e as Error).message}: still unfinished ${JSON.stringify(await unfinished())}`);
    });
    const made = await db('renders').where({ org_id: org.orgId }).count<{ count: string }[]>('* as count');
    expect(Number(made[0]!.count)).toBeGreaterThan(0); // the fuzzer reached the render paths
  });
});
