import {
  closeTestDb,
  createCardTemplate,
  decodePng,
  diffPixels,
  fetchBytes,
  fieldsOf,
  newOrg,
  solidPng,
  waitForCollection,
  type TestOrg,
} from '../index';

// POST /v1/collections/from-people: today's birthdays of an org become one card each, with the person's name in the
// title box and their photo in the photo box. Dates are built from the UTC day the test runs on, in leap years so
// that a run on Feb 29 still makes valid birth dates.
describe('collections from people', () => {
  let org: TestOrg;
  let templateId: string;
  const today = new Date();
  const mmdd = (d: Date) => d.toISOString().slice(5, 10);
  const bornOn = (year: number, d: Date) => `${year}-${mmdd(d)}`;
  const tomorrow = new Date(today.getTime() + 86_400_000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await newOrg();
    templateId = (await createCardTemplate(org.api)).id;
    const photo = await org.api.post('/v1/assets', solidPng(64, 64, [255, 0, 255]), { 'content-type': 'image/png' });
    expect(photo.status).toBe(201);
    const people: Record<string, object> = {
      ada: { first_name: 'Ada', last_name: 'Lovelace', birth_date: bornOn(1992, today), photo_asset_id: photo.body.id },
      alan: { first_name: 'Alan', birth_date: bornOn(1988, today), external_id: 'emp-2' },
      grace: { first_name: 'Grace', birth_date: bornOn(1980, tomorrow) },
      gone: { first_name: 'Gone', birth_date: bornOn(1972, today) },
    };
    for (const [key, body] of Object.entries(people)) {
      const res = await org.api.post('/v1/people', body);
      expect(res.status).toBe(201);
      ids[key] = res.body.id;
    }
    expect((await org.api.patch(`/v1/people/${ids.gone}`, { status: 'inactive' })).status).toBe(200);
  });
  afterAll(closeTestDb);

  test("today's active birthdays each get a card with their name and photo, in creation order", async () => {
    const res = await org.api.post('/v1/collections/from-people', {
      template_id: templateId,
      people: { birthday: 'today' },
      mapping: { title: 'Happy birthday {first_name}!', photo: '{photo}' },
      name: 'birthdays',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: 2, name: 'birthdays', status: 'pending' });
    const done = await waitForCollection(org, res.body.id, 120_000);
    expect(done).toMatchObject({ status: 'completed', total: 2, completed: 2, failed: 0 });
    expect(done.items.map((i: any) => i.metadata)).toEqual([{ person_id: ids.ada }, { person_id: ids.alan, external_id: 'emp-2' }]);

    const [ada, alan] = await Promise.all(done.items.map(async (i: any) => decodePng((await fetchBytes(i.result_url)).body)));
    // Ada has a photo: magenta in the photo box; Alan has none, so his box stays the template's empty image
    const [r, g, b] = ada!.mean(320, 255, 60, 30);
    expect({ r: r > 240, g: g < 15, b: b > 240 }).toEqual({ r: true, g: true, b: true });
    expect(alan!.mean(320, 255, 60, 30)).not.toEqual(ada!.mean(320, 255, 60, 30));
    // the names differ, so the title boxes do; the background box (not mapped) does not
    expect(diffPixels(ada!, alan!)).toBeGreaterThan(100);
    expect(ada!.mean(20, 20, 360, 110)).toEqual(alan!.mean(20, 20, 360, 110));
  });

  test('a placeholder named after a person field is filled without a mapping', async () => {
    const tpl = await createCardTemplate(org.api, {
      composition_html: '<div data-placeholder="first_name" style="font:bold 40px sans-serif">x</div>',
      placeholders: [{ name: 'first_name', type: 'text', default: 'x' }],
      width: 200,
      height: 60,
    });
    const res = await org.api.post('/v1/collections/from-people', { template_id: tpl.id, people: { birthday: mmdd(tomorrow) } });
    expect(res.status).toBe(202);
    const done = await waitForCollection(org, res.body.id, 120_000);
    expect(done).toMatchObject({ status: 'completed', total: 1 });
    expect(done.items[0].metadata).toEqual({ person_id: ids.grace });
    const rows = await org.api.get(`/v1/images?collection_id=${res.body.id}`);
    expect(rows.body[0].modifications).toEqual([{ name: 'first_name', text: 'Grace' }]);
  });

  test('no match, an unknown placeholder or field, a bad day and another org answer 4xx naming the field', async () => {
    const post = (body: object) => org.api.post('/v1/collections/from-people', { template_id: templateId, ...body });
    const none = await post({ people: { sector: 'Nobody' } });
    expect({ status: none.status, fields: fieldsOf(none) }).toEqual({ status: 422, fields: ['people'] });
    const badKey = await post({ people: {}, mapping: { nope: '{first_name}' } });
    expect({ status: badKey.status, fields: fieldsOf(badKey) }).toEqual({ status: 422, fields: ['mapping.nope'] });
    const badField = await post({ people: {}, mapping: { title: 'Hi {nickname}' } });
    expect({ status: badField.status, fields: fieldsOf(badField) }).toEqual({ status: 422, fields: ['mapping.title'] });
    const badDay = await post({ people: { birthday: '02-30' } });
    expect({ status: badDay.status, fields: fieldsOf(badDay) }).toEqual({ status: 422, fields: ['people.birthday'] });
    const other = await newOrg();
    const foreign = await other.api.post('/v1/collections/from-people', { template_id: templateId, people: {} });
    expect(foreign.status).toBe(404);
    // another org's people never match: its own template with a filter that matches A's people finds nobody
    const otherTpl = await createCardTemplate(other.api);
    const empty = await other.api.post('/v1/collections/from-people', { template_id: otherTpl.id, people: { birthday: 'today' } });
    expect({ status: empty.status, fields: fieldsOf(empty) }).toEqual({ status: 422, fields: ['people'] });
  });
});
