import { ScheduleNotFoundError } from '@temporalio/client';
import { localDate, localTime } from '@rp/people';
import {
  closeTestDb,
  createCardTemplate,
  decodePng,
  expectError,
  fetchBytes,
  fieldsOf,
  newOrg,
  waitFor,
  waitForCollection,
  type ApiClient,
  type TestOrg,
} from '../index';
import { closeTemporalClient, createWebhook, startReceiver, temporalClient, type Receiver } from '../webhooks/webhook-test-kit';

jest.setTimeout(10 * 60_000);

const runsOf = async (api: ApiClient, id: string) => (await api.get(`/v1/schedules/${id}/runs`)).body as any[];
const waitForRuns = (api: ApiClient, id: string, n: number, timeoutMs = 180_000) =>
  waitFor(async () => ((await runsOf(api, id)).length >= n ? runsOf(api, id) : null), { timeoutMs, everyMs: 1000, what: `${n} runs of ${id}` });
/** The next whole minute at least 40 s ahead, so the schedule is stored before it is due. */
const nextMinute = () => new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
const describeSchedule = async (id: string) => (await temporalClient()).schedule.getHandle(`schedule-${id}`).describe();

describe('schedules', () => {
  let org: TestOrg;
  let other: TestOrg;
  let templateId: string;
  let receiver: Receiver;
  const person: Record<string, string> = {};
  // a zone whose date differs from the UTC date right now (UTC+14 from 10:00 UTC, UTC-11 before 11:00 UTC)
  const now = new Date();
  const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => localDate(now, z) !== localDate(now, 'UTC'))!;
  const base = (over: Record<string, unknown> = {}) => ({
    name: 'Birthdays',
    template_id: templateId,
    people: { birthday: 'today' },
    mapping: { title: 'Happy birthday {first_name}!' },
    at: '09:00',
    timezone: zone,
    ...over,
  });

  beforeAll(async () => {
    [org, other] = await Promise.all([newOrg(), newOrg()]);
    templateId = (await createCardTemplate(org.api)).id;
    receiver = await startReceiver();
    await createWebhook(org.api, `${receiver.url}/hook`, ['collection.completed']);
    // leap birth years, so a run on 29 February still makes valid dates
    const people = {
      zoneToday: { first_name: 'Zoe', birth_date: `1992-${localDate(now, zone).slice(5)}` },
      utcToday: { first_name: 'Uma', birth_date: `1988-${localDate(now, 'UTC').slice(5)}` },
    };
    for (const [k, body] of Object.entries(people)) person[k] = (await org.api.post('/v1/people', body)).body.id;
  });
  afterAll(async () => {
    await receiver?.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  test('bounds: 422 naming the field; another org gets 404 everywhere', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ at: '24:00' }, 'at'],
      [{ at: '9am' }, 'at'],
      [{ template_id: '00000000-0000-4000-8000-000000000000' }, 'template_id'],
      [{ mapping: { subtitle: '{first_name}' } }, 'mapping.subtitle'],
      [{ mapping: { title: '{shoe_size}' } }, 'mapping.title'],
      [{ people: { birthday: '02-30' } }, 'people.birthday'],
    ];
    for (const [over, field] of cases) {
      const res = await org.api.post('/v1/schedules', base(over));
      expectError(res, 422, 'validation_failed');
      expect({ over, fields: fieldsOf(res) }).toEqual({ over, fields: [field] });
    }
    expectError(await other.api.post('/v1/schedules', base()), 422); // the template is not the other org's

    const s = (await org.api.post('/v1/schedules', base({ enabled: false }))).body;
    expect(s).toMatchObject({ enabled: false, timezone: zone, at: '09:00', temporal_schedule_id: `schedule-${s.id}` });
    expectError(await org.api.patch(`/v1/schedules/${s.id}`, { timezone: 'Nowhere/Land' }), 422);
    for (const [method, path] of [
      ['get', ''], ['patch', ''], ['delete', ''], ['post', '/pause'], ['post', '/resume'], ['post', '/trigger'], ['get', '/runs'],
    ] as const) {
      const res = await other.api.request(method.toUpperCase(), `/v1/schedules/${s.id}${path}`, method === 'patch' ? { name: 'x' } : undefined);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    expect((await other.api.get('/v1/schedules')).body).toEqual([]);
    expect((await org.api.delete(`/v1/schedules/${s.id}`)).status).toBe(204);
  });

  test("trigger: a collection of exactly the people whose birthday is today in the schedule's zone", async () => {
    const s = (await org.api.post('/v1/schedules', base())).body;
    const trig = await org.api.post(`/v1/schedules/${s.id}/trigger`);
    expect(trig.status).toBe(202);
    const [run] = await waitForRuns(org.api, s.id, 1);
    expect(run).toMatchObject({ kind: 'trigger', status: 'created', matched: 1, local_date: localDate(new Date(run.scheduled_at), zone) });
    const col = await waitForCollection(org, run.collection_id, 120_000);
    expect(col).toMatchObject({ status: 'completed', schedule_id: s.id, total: 1 });
    expect(col.items.map((i: any) => i.metadata.person_id)).toEqual([person.zoneToday]);
    const png = decodePng((await fetchBytes(col.items[0].result_url)).body);
    expect([png.width, png.height]).toEqual([400, 300]);
    // reported like any collection
    await waitFor(async () => receiver.hits.find((h) => JSON.parse(h.body).data?.id === col.id), { what: 'collection.completed', timeoutMs: 60_000 });

    // the UTC zone sees the other person
    const utc = (await org.api.post('/v1/schedules', base({ timezone: 'UTC' }))).body;
    await org.api.post(`/v1/schedules/${utc.id}/trigger`);
    const [utcRun] = await waitForRuns(org.api, utc.id, 1);
    const utcCol = (await org.api.get(`/v1/collections/${utcRun.collection_id}`)).body;
    expect(utcCol.items.map((i: any) => i.metadata.person_id)).toEqual([person.utcToday]);

    // the run and its collection carry the schedule id as a search attribute (Temporal UI filter)
    const client = await temporalClient();
    const types = await waitFor(async () => {
      const found = new Set<string>();
      for await (const wf of client.workflow.list({ query: `ScheduleId = '${s.id}'` })) found.add(wf.type);
      return found.has('scheduledRunWorkflow') && found.has('collectionWorkflow') && found.has('imageItemWorkflow') ? found : null;
    }, { what: 'workflows by ScheduleId', timeoutMs: 30_000 });
    // an image item is an imageItemWorkflow carrying its collection's ScheduleId, never a renderWorkflow of its own
    expect(types.has('renderWorkflow')).toBe(false);
    const listed: string[] = [];
    for await (const sch of client.schedule.list()) listed.push(sch.scheduleId);
    expect(listed).toContain(`schedule-${s.id}`);
  });

  test('a run that matches nobody is recorded as skipped', async () => {
    const s = (await org.api.post('/v1/schedules', base({ people: { sector: 'nobody-works-here' } }))).body;
    await org.api.post(`/v1/schedules/${s.id}/trigger`);
    const [run] = await waitForRuns(org.api, s.id, 1);
    expect(run).toMatchObject({ status: 'skipped', matched: 0, collection_id: null });
  });

  test('fires once at the local time in a non-UTC zone; pause stops it, resume brings it back; one daily run per date; delete removes the Temporal Schedule', async () => {
    const t1 = nextMinute();
    // a non-UTC zone whose date holds for the next half hour (the test's runs, all within minutes of t1, then fall on
    // one local date): their midnights are 9 h apart, so one of the two always qualifies
    const sameDateFor30Min = (z: string) => localDate(t1, z) === localDate(new Date(t1.getTime() + 30 * 60_000), z);
    const tz = ['Asia/Kolkata', 'America/St_Johns'].find(sameDateFor30Min)!; // UTC+05:30, UTC-03:30 (-02:30 in summer)
    const at1 = localTime(t1, tz).slice(0, 5);
    const a = (await org.api.post('/v1/schedules', base({ timezone: tz, at: at1, people: {} }))).body;
    const b = (await org.api.post('/v1/schedules', base({ timezone: tz, at: at1, people: {} }))).body;
    expect((await org.api.post(`/v1/schedules/${b.id}/pause`)).body.enabled).toBe(false);
    expect((await org.api.get(`/v1/schedules/${b.id}`)).body.next_run_at).toBeNull();
    expect(new Date((await org.api.get(`/v1/schedules/${a.id}`)).body.next_run_at).getTime()).toBe(t1.getTime());

    const [run] = await waitForRuns(org.api, a.id, 1);
    expect(run).toMatchObject({ kind: 'daily', status: 'created', local_date: localDate(t1, tz) });
    expect(new Date(run.scheduled_at).getTime()).toBe(t1.getTime());
    expect(localTime(new Date(run.scheduled_at), tz)).toBe(`${at1}:00`);
    expect((await describeSchedule(a.id)).info.recentActions).toHaveLength(1);
    expect((await describeSchedule(b.id)).state.paused).toBe(true);
    expect(await runsOf(org.api, b.id)).toEqual([]);

    // resume B and move both to the next minute: B fires now; A fires again on the same local date but makes no second daily run
    expect((await org.api.post(`/v1/schedules/${b.id}/resume`)).body.enabled).toBe(true);
    const t2 = nextMinute();
    const at2 = localTime(t2, tz).slice(0, 5);
    for (const id of [a.id, b.id]) expect((await org.api.patch(`/v1/schedules/${id}`, { at: at2 })).body.at).toBe(at2);
    const [bRun] = await waitForRuns(org.api, b.id, 1);
    expect(bRun).toMatchObject({ kind: 'daily', status: 'created' });
    expect(localTime(new Date(bRun.scheduled_at), tz)).toBe(`${at2}:00`);
    const second = await waitFor(async () => (await describeSchedule(a.id)).info.recentActions[1], { what: 'second action of A', timeoutMs: 120_000 });
    const handle = (await temporalClient()).workflow.getHandle(second.action.workflow.workflowId);
    await handle.result();
    expect(localDate(t2, tz)).toBe(localDate(t1, tz));
    expect((await runsOf(org.api, a.id)).map((r) => r.kind)).toEqual(['daily']);

    // a trigger is allowed beside the daily run. Temporal names a Schedule's runs by the second, so a trigger in the
    // very second of a timetable run would be that run: step past it first
    await new Promise((r) => setTimeout(r, 1500));
    await org.api.post(`/v1/schedules/${a.id}/trigger`);
    expect((await waitForRuns(org.api, a.id, 2)).map((r) => r.kind).sort()).toEqual(['daily', 'trigger']);

    expect((await org.api.delete(`/v1/schedules/${a.id}`)).status).toBe(204);
    await expect(describeSchedule(a.id)).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expectError(await org.api.get(`/v1/schedules/${a.id}`), 404);
    // the collections stay
    expect((await org.api.get(`/v1/collections/${run.collection_id}`)).body.schedule_id).toBe(a.id);
  });
});
