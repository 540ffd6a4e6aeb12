import { closeTestDb, newOrg, recordFigures, stackInfo, testDb, type TestOrg } from '../index';
import { rampThenHold, type RampResult } from './api-ramp';
import { describeMemory, watchMemory, type MemoryReport } from './memory-watch';
import { SERVICES } from './podman';
import { suitePods } from './suite-pods';
import { cardTemplate, userTraffic, type OrgWrites } from './user-traffic';

/*
 * Mixed API reads and writes from three orgs, as their users make them (list and read templates, people and images;
 * create people, templates and images, rename templates, send an image create again with its Idempotency-Key), on
 * the services run from their images with their chart limits. The rate ramps up in steps until a step's p99 passes
 * 1 s (or the ramp's cap, 300 requests a second: three keys at the chart's RATE_LIMIT_PER_MINUTE of 6,000), then
 * holds there for 60 s. The rate found and the p99s are figures of the shared machine, not judged. Judged: every
 * answer is 2xx, 429 (rate limited) or 503 with Retry-After (shed); every write answered 2xx is in the database and
 * nothing else is (each org's people, templates and images are exactly those answered), an image create sent twice
 * with one key made one render; no service is OOM-killed, restarted or over its limit. docs/capacity.md has the figures.
 */

const RAMP = { startRate: 20, stepRate: 20, stepSeconds: 5, maxRate: 300, holdSeconds: 60, p99LimitMs: 1000 };
const ORGS = 3;
/** The answers a burst may get besides 2xx: rate limited, or shed with a time to come back. */
const ALLOWED_REFUSALS = ['429', '503'];

const memoryFigures = ({ container, firstUsageBytes, peakBytes, peakSource, anonPeakBytes, chartLimitBytes, fractionOfLimit }: MemoryReport) => ({
  container, firstUsageBytes, peakBytes, peakSource, anonPeakBytes, chartLimitBytes, fractionOfLimit,
});

const sorted = (ids: Iterable<string>) => [...ids].sort();

/** An org's rows against what its writes were answered. */
async function stored(org: TestOrg) {
  const db = testDb();
  const [people, templates, images] = await Promise.all([
    db('people').where({ org_id: org.orgId }).select('id'),
    db('templates').where({ org_id: org.orgId }).select('id', 'name'),
    db('renders').where({ org_id: org.orgId, kind: 'image' }).select('id'),
  ]);
  return { people: people.map((r) => r.id as string), templates: templates as { id: string; name: string }[], images: images.map((r) => r.id as string) };
}

describe('mixed API reads and writes from three orgs, ramped to p99 past 1 s and held, under the chart limits', () => {
  const info = stackInfo();
  const pods = suitePods(info, 'api-ramp');

  afterAll(closeTestDb);

  test('every answer 2xx, 429 or 503 with Retry-After; every 2xx write stored once, nothing else; no service OOM-killed, restarted or over its limit', async () => {
    const orgs = await Promise.all(Array.from({ length: ORGS }, () => newOrg()));
    const writes: OrgWrites[] = await Promise.all(
      orgs.map(async (org) => {
        const res = await org.api.post('/v1/templates', cardTemplate('Ramp card'));
        expect(res.status).toBe(201);
        return { templateIds: [res.body.id], templateNames: new Map([[res.body.id, new Set(['Ramp card'])]]), personIds: [], imageIdsByKey: new Map(), toResend: [] };
      }),
    );
    const watches = await Promise.all(SERVICES.map((svc) => watchMemory(pods[svc]!)));
    let reports: MemoryReport[] = [];
    let ramp: RampResult;
    try {
      ramp = await rampThenHold({ ...RAMP, send: userTraffic(orgs, writes) });
    } finally {
      reports = await Promise.all(watches.map((w) => w.stop()));
      for (const r of reports) console.log(describeMemory(r));
    }

    const statuses = [...ramp.steps, ramp.hold].flatMap((s) => Object.keys(s.statuses));
    expect([...new Set(statuses)].filter((s) => !/^2\d\d$/.test(s) && !ALLOWED_REFUSALS.includes(s))).toEqual([]);
    for (const [i, org] of orgs.entries()) {
      const w = writes[i]!;
      const rows = await stored(org);
      // nothing lost, nothing extra: exactly the people and templates whose creates were answered
      expect({ people: rows.people.length, ids: sorted(rows.people) }).toEqual({ people: w.personIds.length, ids: sorted(w.personIds) });
      expect(sorted(rows.templates.map((t) => t.id))).toEqual(sorted(w.templateIds));
      // a template's name is the last rename that committed: one that was answered
      for (const t of rows.templates) expect({ id: t.id, answered: w.templateNames.get(t.id)!.has(t.name) }).toEqual({ id: t.id, answered: true });
      // each key one render, however often it was sent, and only the renders of the keys answered
      const keysWithTwoIds = [...w.imageIdsByKey].filter(([, ids]) => ids.size !== 1).map(([k]) => k);
      expect(keysWithTwoIds).toEqual([]);
      expect(sorted(rows.images)).toEqual(sorted([...w.imageIdsByKey.values()].map((ids) => [...ids][0]!)));
    }
    for (const r of reports) {
      expect({ container: r.container, oomKills: r.oomKills, restarts: r.restarts, oomKilled: r.oomKilled }).toEqual({ container: r.container, oomKills: 0, restarts: 0, oomKilled: false });
      expect(r.fractionOfLimit).toBeLessThan(1);
    }
    recordFigures('containers_api_ramp_burst', {
      ramp: RAMP,
      held_rate: ramp.heldRate,
      steps: ramp.steps,
      hold: ramp.hold,
      writes: writes.map((w) => ({ people: w.personIds.length, templates: w.templateIds.length, images: w.imageIdsByKey.size })),
      memory: reports.map(memoryFigures),
    });
  }, 900_000);
});
