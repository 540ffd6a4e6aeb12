import { apiClient, closeTestDb, newOrg, solidPng, type TestOrg } from '../index';
import { expectFieldError, expectNewestFirstOnce, expectNotFound, expectOk, readAllPages, str } from './resource-test-kit';

describe('people', () => {
  let a: TestOrg;
  let b: TestOrg;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
  });
  afterAll(closeTestDb);

  const create = async (body: Record<string, unknown>, org = a) => expectOk(await org.api.post('/v1/people', body), 201).body;

  test('create: only first_name required, starts active, optional fields null', async () => {
    const res = expectOk(await a.api.post('/v1/people', { first_name: 'Ana' }), 201);
    expect(res.headers.get('location')).toBe(`/v1/people/${res.body.id}`);
    expect(res.body).toMatchObject({
      org_id: a.orgId,
      first_name: 'Ana',
      external_id: null,
      last_name: null,
      birth_date: null,
      email: null,
      photo_asset_id: null,
      photo_url: null,
      custom_fields: {},
      status: 'active',
    });
    expect(res.body.updated_at).toBe(res.body.created_at);
    expectFieldError(await a.api.post('/v1/people', { last_name: 'Only' }), 'first_name');
    const full = await create({
      first_name: 'Bia',
      last_name: 'Souza',
      external_id: 'full-1',
      birth_date: '1990-05-17',
      hire_date: '2020-01-31',
      email: 'bia@example.com',
      phone: '+55 11 99999-0000',
      position: 'Engineer',
      sector: 'R&D',
      custom_fields: { shirt: 'M', tags: ['a', 'b'] },
    });
    expect(expectOk(await a.api.get(`/v1/people/${full.id}`)).body).toEqual(full);
  });

  test('every length bound at its edges, on create and update', async () => {
    const p = await create({ first_name: 'Edge' });
    const cases: [string, number, boolean][] = [
      ['first_name', 1, true],
      ['first_name', 120, true],
      ['first_name', 0, false],
      ['first_name', 121, false],
      ['last_name', 1, true],
      ['last_name', 120, true],
      ['last_name', 0, false],
      ['last_name', 121, false],
      ['position', 120, true],
      ['position', 121, false],
      ['sector', 120, true],
      ['sector', 121, false],
      ['phone', 40, true],
      ['phone', 41, false],
      ['external_id', 120, true],
      ['external_id', 121, false],
      ['external_id', 0, false],
    ];
    await Promise.all(
      cases.map(async ([field, n, ok], i) => {
        // external_id must stay unique, so vary the repeated character per case
        const value = str(n, field === 'external_id' ? String.fromCharCode(65 + i) : 'x');
        const created = await a.api.post('/v1/people', { first_name: 'F', [field]: value });
        if (ok) {
          expect(expectOk(created, 201).body[field]).toBe(value);
          await a.api.delete(`/v1/people/${created.body.id}`);
        } else expectFieldError(created, field);
        const updated = await a.api.patch(`/v1/people/${p.id}`, { [field]: field === 'external_id' ? `${value}` : value });
        if (ok) expectOk(updated);
        else expectFieldError(updated, field);
      }),
    );
  });

  test('status is not accepted on create, and only active|inactive on update', async () => {
    const res = await a.api.post('/v1/people', { first_name: 'S', status: 'active' });
    expectFieldError(res, 'status');
    expect(res.body.error.details.find((d: any) => d.field === 'status').message).toBe('is not allowed');
    const p = await create({ first_name: 'S' });
    expect(expectOk(await a.api.patch(`/v1/people/${p.id}`, { status: 'inactive' })).body.status).toBe('inactive');
    expectFieldError(await a.api.patch(`/v1/people/${p.id}`, { status: 'retired' }), 'status');
    expectFieldError(await a.api.patch(`/v1/people/${p.id}`, { status: 'Active' }), 'status');
  });

  test('formats: impossible dates, bad email, unknown fields, custom_fields shape and size', async () => {
    const p = await create({ first_name: 'V' });
    const bad: [Record<string, unknown>, string][] = [
      [{ birth_date: '2023-02-30' }, 'birth_date'],
      [{ birth_date: '2023-02-29' }, 'birth_date'],
      [{ hire_date: '2024-13-01' }, 'hire_date'],
      [{ hire_date: '17/05/1990' }, 'hire_date'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a@' }, 'email'],
      [{ nickname: 'x' }, 'nickname'],
      [{ custom_fields: ['a'] }, 'custom_fields'],
      [{ custom_fields: { big: str(17 * 1024) } }, 'custom_fields'],
      [{ photo_asset_id: 'nope' }, 'photo_asset_id'],
      [{ first_name: null }, 'first_name'],
    ];
    await Promise.all(
      bad.map(async ([body, field]) => {
        expectFieldError(await a.api.post('/v1/people', { first_name: 'V', ...body }), field);
        expectFieldError(await a.api.patch(`/v1/people/${p.id}`, body), field);
      }),
    );
    expect((await create({ first_name: 'Leap', birth_date: '2024-02-29' })).birth_date).toBe('2024-02-29');
  });

  test('duplicate external_id answers 409 on create and on update; other orgs are independent', async () => {
    await create({ first_name: 'One', external_id: 'dup-1' });
    const two = await create({ first_name: 'Two', external_id: 'dup-2' });
    const res = await a.api.post('/v1/people', { first_name: 'Again', external_id: 'dup-1' });
    expectFieldError(res, 'external_id', 409, 'duplicate_external_id');
    expectFieldError(await a.api.patch(`/v1/people/${two.id}`, { external_id: 'dup-1' }), 'external_id', 409, 'duplicate_external_id');
    expect(expectOk(await a.api.patch(`/v1/people/${two.id}`, { external_id: 'dup-2' })).body.external_id).toBe('dup-2');
    await create({ first_name: 'Elsewhere', external_id: 'dup-1' }, b);
    // people without an external_id never collide
    await Promise.all([create({ first_name: 'N1' }), create({ first_name: 'N2' })]);
  });

  test('update: partial, null clears, custom_fields replaced, updated_at refreshed every time', async () => {
    const p = await create({ first_name: 'U', last_name: 'Ser', email: 'u@example.com', custom_fields: { a: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    const u1 = expectOk(await a.api.patch(`/v1/people/${p.id}`, { email: null, custom_fields: { b: 2 } })).body;
    expect(u1).toMatchObject({ first_name: 'U', last_name: 'Ser', email: null, custom_fields: { b: 2 } });
    expect(Date.parse(u1.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
    expect(u1.created_at).toBe(p.created_at);
    await new Promise((r) => setTimeout(r, 5));
    const u2 = expectOk(await a.api.patch(`/v1/people/${p.id}`, {})).body;
    expect(Date.parse(u2.updated_at)).toBeGreaterThan(Date.parse(u1.updated_at));
    expect(u2.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('photo_asset_id: must be an image asset of the same org; photo_url serves its bytes without a key', async () => {
    const png = solidPng(4, 3, [200, 30, 60]);
    const asset = expectOk(await a.api.post('/v1/assets', png, { 'content-type': 'image/png' }), 201).body;
    const foreign = expectOk(await b.api.post('/v1/assets', png, { 'content-type': 'image/png' }), 201).body;

    expectFieldError(await a.api.post('/v1/people', { first_name: 'P', photo_asset_id: foreign.id }), 'photo_asset_id');
    expectFieldError(await a.api.post('/v1/people', { first_name: 'P', photo_asset_id: '00000000-0000-4000-8000-000000000000' }), 'photo_asset_id');
    const p = await create({ first_name: 'P', photo_asset_id: asset.id });
    expect(p.photo_asset_id).toBe(asset.id);
    const photo = await fetch(p.photo_url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);
    expect((await apiClient(null).get(`/v1/people/${p.id}`)).status).toBe(401);

    const listed = expectOk(await a.api.get(`/v1/people?limit=100`)).body.find((x: any) => x.id === p.id);
    expect(listed.photo_url).toBeTruthy();
    expectFieldError(await a.api.patch(`/v1/people/${p.id}`, { photo_asset_id: foreign.id }), 'photo_asset_id');
    expect(expectOk(await a.api.patch(`/v1/people/${p.id}`, { photo_asset_id: null })).body.photo_url).toBeNull();
  });

  test("another org's person answers 404 for read, update and delete", async () => {
    const p = await create({ first_name: 'Private' });
    expectNotFound(await b.api.get(`/v1/people/${p.id}`));
    expectNotFound(await b.api.patch(`/v1/people/${p.id}`, { first_name: 'Stolen' }));
    expectNotFound(await b.api.delete(`/v1/people/${p.id}`));
    expect(expectOk(await a.api.get(`/v1/people/${p.id}`)).body.first_name).toBe('Private');
    expect((await a.api.delete(`/v1/people/${p.id}`)).status).toBe(204);
    expectNotFound(await a.api.get(`/v1/people/${p.id}`));
    expectNotFound(await a.api.delete(`/v1/people/${p.id}`));
  });

  test('list: cursor pages return every person once; status, sector, external_id filters', async () => {
    const org = await newOrg();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await create({ first_name: `P${i}`, sector: i < 3 ? 'Sales' : 'Ops', external_id: `x${i}` }, org)).id);
    }
    await org.api.patch(`/v1/people/${ids[0]}`, { status: 'inactive' });
    const { items, pages } = await readAllPages(org.api, '/v1/people', 3);
    expect(pages).toBe(3);
    expectNewestFirstOnce(items, ids);
    const names = async (q: string) => expectOk(await org.api.get(`/v1/people?${q}`)).body.map((x: any) => x.first_name).sort();
    expect(await names('sector=Sales')).toEqual(['P0', 'P1', 'P2']);
    expect(await names('sector=Sales&status=active')).toEqual(['P1', 'P2']);
    expect(await names('status=inactive')).toEqual(['P0']);
    expect(await names('external_id=x4')).toEqual(['P4']);
    expectFieldError(await org.api.get('/v1/people?status=gone'), 'status');
  });

  test('birthday and hire_anniversary filters, with Feb 29 on Feb 28 in non-leap years', async () => {
    const org = await newOrg();
    const now = new Date();
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    const dd = String(now.getUTCDate()).padStart(2, '0');
    const today = `${mm}-${dd}`;
    // a birth year that keeps today's date valid (Feb 29 exists in 2000)
    await create({ first_name: 'Today', birth_date: `2000-${today}`, hire_date: `2015-${today}` }, org);
    await create({ first_name: 'Leapling', birth_date: '1996-02-29', hire_date: '2016-02-29' }, org);
    await create({ first_name: 'Feb28', birth_date: '1991-02-28' }, org);
    await create({ first_name: 'Mar01', birth_date: '1991-03-01' }, org);
    await create({ first_name: 'NoDate' }, org);
    const names = async (q: string) => expectOk(await org.api.get(`/v1/people?${q}`)).body.map((x: any) => x.first_name).sort();

    expect(await names(`birthday=${today}`)).toContain('Today');
    expect(await names(`hire_anniversary=${today}`)).toContain('Today');
    expect(await names('birthday=2027-02-28')).toEqual(['Feb28', 'Leapling']);
    expect(await names('birthday=2028-02-28')).toEqual(['Feb28']);
    expect(await names('birthday=2028-02-29')).toEqual(['Leapling']);
    expect(await names('birthday=02-29')).toEqual(['Leapling']);
    expect(await names('birthday=2027-03-01')).toEqual(['Mar01']);
    expect(await names('hire_anniversary=2027-02-28')).toEqual(['Leapling']);
    for (const bad of ['02-30', '13-01', '2027-02-29', 'today', '2-3']) expectFieldError(await org.api.get(`/v1/people?birthday=${bad}`), 'birthday');
    expectFieldError(await org.api.get('/v1/people?hire_anniversary=04-31'), 'hire_anniversary');
  });
});
