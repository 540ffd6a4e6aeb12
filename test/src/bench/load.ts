import autocannon from 'autocannon';

/**
 * API load at a fixed request rate (autocannon `overallRate`), bounded in time: people CRUD (create, read, update,
 * delete, one person per cycle) on one key and image creates on another, at once. Rates stay under the per-key
 * limit (RATE_LIMIT_PER_MINUTE, 6000/min = 100/s by default), so any non-2xx other than 429 is a real error.
 * Used by the bench (60 s) and by test/src/load/load.test.ts (shorter).
 */

export interface LoadOptions {
  apiUrl: string;
  peopleKey: string;
  imagesKey: string;
  imageTemplateId: string;
  /** Body of each image create (modifications); the template is the bench card or the test card. */
  imageModifications?: unknown[];
  durationS: number;
  peopleRate: number;
  imageRate: number;
}

export interface StreamResult {
  target_rps: number;
  achieved_rps: number;
  /** achieved / target: 1 = the rate was held. */
  held: number;
  requests: number;
  status: Record<string, number>;
  rate_limited: number;
  /** Connection errors, timeouts and every non-2xx except 429. */
  non429_errors: number;
  latency_ms: { mean: number; p50: number; p90: number; p99: number; max: number };
}

export interface LoadResult {
  duration_s: number;
  people: StreamResult;
  images: StreamResult;
}

// autocannon paces per connection (a budget of requests per second, sent back to back) and caps connections at the
// rate, so one connection per request/s is the most slack it allows: a response may take up to 1 s before the rate drops
const connectionsFor = (rate: number) => Math.max(1, Math.min(64, Math.round(rate)));

function summarizeStream(r: autocannon.Result, target: number): StreamResult {
  const status: Record<string, number> = {};
  let ok = 0;
  let limited = 0;
  let bad = r.errors + r.timeouts;
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) {
    status[code] = count;
    if (code.startsWith('2')) ok += count;
    else if (code === '429') limited += count;
    else bad += count;
  }
  const requests = ok + limited + bad;
  const achieved = requests / Math.max(r.duration, 1e-3);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    target_rps: target,
    achieved_rps: r1(achieved),
    held: Math.round((achieved / target) * 100) / 100,
    requests,
    status,
    rate_limited: limited,
    non429_errors: bad,
    latency_ms: { mean: r1(r.latency.mean), p50: r1(r.latency.p50), p90: r1(r.latency.p90), p99: r1(r.latency.p99), max: r1(r.latency.max) },
  };
}

function peopleCrud(apiUrl: string, key: string, rate: number, durationS: number) {
  const withPerson = (req: autocannon.RequestSpec, ctx: autocannon.RequestContext) =>
    // no person (its create failed): restart the cycle rather than send a request we know is wrong
    ctx.personId ? { ...req, path: `/v1/people/${String(ctx.personId)}` } : null;
  return autocannon({
    url: apiUrl,
    title: 'people CRUD',
    connections: connectionsFor(rate),
    overallRate: rate,
    duration: durationS,
    timeout: 10,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/v1/people',
        body: JSON.stringify({ first_name: 'Load', last_name: 'Test', position: 'bench', custom_fields: { source: 'load' } }),
        onResponse: (status, body, ctx) => {
          ctx.personId = status === 201 ? (JSON.parse(body) as { id: string }).id : undefined;
        },
      },
      { method: 'GET', setupRequest: withPerson },
      { method: 'PATCH', body: JSON.stringify({ position: 'updated', sector: 'load' }), setupRequest: withPerson },
      {
        method: 'DELETE',
        setupRequest: withPerson,
        onResponse: (_s, _b, ctx) => {
          ctx.personId = undefined;
        },
      },
    ],
  });
}

function imageCreates(opts: LoadOptions) {
  return autocannon({
    url: opts.apiUrl,
    title: 'image creates',
    connections: connectionsFor(opts.imageRate),
    overallRate: opts.imageRate,
    duration: opts.durationS,
    timeout: 10,
    method: 'POST',
    headers: { authorization: `Bearer ${opts.imagesKey}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/v1/images',
        body: JSON.stringify({ template_id: opts.imageTemplateId, modifications: opts.imageModifications ?? [] }),
      },
    ],
  });
}

/** Both streams at once for durationS seconds. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const [people, images] = await Promise.all([
    peopleCrud(opts.apiUrl, opts.peopleKey, opts.peopleRate, opts.durationS),
    opts.imageRate > 0 ? imageCreates(opts) : null,
  ]);
  const empty: StreamResult = {
    target_rps: 0,
    achieved_rps: 0,
    held: 1,
    requests: 0,
    status: {},
    rate_limited: 0,
    non429_errors: 0,
    latency_ms: { mean: 0, p50: 0, p90: 0, p99: 0, max: 0 },
  };
  return {
    duration_s: Math.round((performance.now() - started) / 100) / 10,
    people: summarizeStream(people, opts.peopleRate),
    images: images ? summarizeStream(images, opts.imageRate) : empty,
  };
}

export interface RateLimitProbe {
  limit: number;
  sent: number;
  /** Answers other than 429 (the probe path is unknown, so 404: the limiter runs before routing). */
  passed: number;
  rate_limited: number;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
  /** Headers of one request made after the burst, which must be a 429. */
  after: { status: number; limit: string | null; remaining: string | null; reset: string | null; retry_after: string | null };
}

// Cheapest request that still passes auth and the limiter: an unknown /v1 path (404 after both), no query, no body.
const PROBE_PATH = '/v1/__rate-limit-probe';

/**
 * Bursts `limit + extra` requests with one key, as fast as the API answers: exactly `limit` must pass within the
 * 60 s window and the rest answer 429 with RateLimit-* headers and Retry-After. The window is fixed from the
 * key's first request, so this only proves something if the API serves more than limit/60 requests per second.
 */
export async function probeRateLimit(apiUrl: string, key: string, limit: number, extra = 200): Promise<RateLimitProbe> {
  const started = performance.now();
  const r = await autocannon({
    url: `${apiUrl}${PROBE_PATH}`,
    connections: 32,
    amount: limit + extra,
    timeout: 10,
    headers: { authorization: `Bearer ${key}` },
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  let passed = 0;
  let limited = 0;
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) {
    if (code === '429') limited += count;
    else passed += count;
  }
  const res = await fetch(`${apiUrl}${PROBE_PATH}`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  const h = (n: string) => res.headers.get(n);
  return {
    limit,
    sent: passed + limited + r.errors + r.timeouts,
    passed,
    rate_limited: limited,
    errors: r.errors + r.timeouts,
    seconds,
    after: { status: res.status, limit: h('ratelimit-limit'), remaining: h('ratelimit-remaining'), reset: h('ratelimit-reset'), retry_after: h('retry-after') },
  };
}

/** The limit the running API enforces, from the RateLimit-Limit header of one request (null when disabled). */
export async function readRateLimit(apiUrl: string, key: string): Promise<number | null> {
  const res = await fetch(`${apiUrl}/v1/people?limit=1`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  const v = res.headers.get('ratelimit-limit');
  return v ? Number(v) : null;
}
