import { probeRateLimit, readRateLimit, runLoad } from '../bench/load';
import { closeTestDb, createCardTemplate, isQuick, newOrg, recordFigures, stackInfo, testDb, waitFor } from '../index';

// The API at a fixed request rate (the bench runs the same for 60 s and records it in bench/results/latest.json).
// Rates stay well under the per-key limit, so every non-2xx other than 429 is a real error.
const DURATION_S = isQuick() ? 15 : 60;
const PEOPLE_RATE = 40;
const IMAGE_RATE = 2;
// bursting above the limit takes limit + 200 requests; beyond this the test would be slower than it is worth
const MAX_PROBED_LIMIT = 20_000;

describe('API under load', () => {
  afterAll(closeTestDb);

  test(`people CRUD at ${PEOPLE_RATE}/s and image creates at ${IMAGE_RATE}/s for ${DURATION_S} s apply the load with no errors but 429`, async () => {
    const people = await newOrg();
    const images = await newOrg();
    const template = await createCardTemplate(images.api);
    const r = await runLoad({
      apiUrl: stackInfo().apiUrl,
      peopleKey: people.key,
      imagesKey: images.key,
      imageTemplateId: template.id,
      imageModifications: [{ name: 'title', text: 'load' }],
      durationS: DURATION_S,
      peopleRate: PEOPLE_RATE,
      imageRate: IMAGE_RATE,
    });
    for (const s of [r.people, r.images]) {
      expect({ status: s.status, non429: s.non429_errors }).toEqual({ status: s.status, non429: 0 });
      // how much of the offered rate was held is a speed figure: `npm run bench` reports it; a test on a shared
      // 2-core machine only checks that the load was actually applied
      expect(s.held).toBeGreaterThan(0.3);
    }
    expect(r.people.requests).toBeGreaterThan(0);
    recordFigures('load', r);
    // the renders queued by the load run on after it: let them finish so they do not slow the next test file
    await waitFor(
      async () => {
        const [{ n }] = await testDb()('renders').where({ org_id: images.orgId }).whereIn('status', ['pending', 'rendering']).count<{ n: string }[]>('* as n');
        return Number(n) === 0;
      },
      { timeoutMs: 180_000, everyMs: 1000, what: 'load renders to drain' },
    ).catch((err: Error) => console.warn(err.message));
  }, (DURATION_S + 300) * 1000);

  test('above RATE_LIMIT_PER_MINUTE one key gets exactly the limit, then 429 with RateLimit-* headers and Retry-After', async () => {
    const apiUrl = stackInfo().apiUrl;
    // read the limit with another key: that request must not count in the burst key's window
    const limit = await readRateLimit(apiUrl, (await newOrg()).key);
    // the test stack runs the API with its default limit (6000/min): a limiter must be on, and small enough to burst
    expect(limit).not.toBeNull();
    expect(limit!).toBeLessThanOrEqual(MAX_PROBED_LIMIT);
    const burst = await newOrg();
    const p = await probeRateLimit(apiUrl, burst.key, limit!);
    console.log(`rate limit probe: ${JSON.stringify(p)}`);
    expect(p.errors).toBe(0);
    expect(p.after.limit).toBe(String(limit));
    expect(Number(p.after.reset)).toBeGreaterThanOrEqual(1);
    expect(Number(p.after.reset)).toBeLessThanOrEqual(60);
    if (p.rate_limited === 0) {
      // The API did not serve `limit` requests inside the key's 60 s window (a loaded machine): the burst passed
      // whole and the window counted it. The exact crossing is proven with a clock of its own in
      // services/api/src/http/rate-limit.test.ts; here the limiter ran on every answer of the real stack.
      expect(p.passed).toBe(p.sent);
      expect(Number(p.after.remaining)).toBeLessThan(limit!);
      if (p.after.status === 429) expect(p.after.remaining).toBe('0');
      else expect(p.after.status).toBe(200);
    } else {
      // one fixed 60 s window: exact counts hold only if the burst fit in it
      if (p.seconds < 55) {
        expect(p.passed).toBe(limit);
        expect(p.rate_limited).toBe(p.sent - limit!);
      }
      expect(p.after.status).toBe(429);
      expect(p.after.remaining).toBe('0');
      expect(Number(p.after.retry_after)).toBeGreaterThanOrEqual(1);
    }
  }, 180_000);
});
