import { serializePerson } from '@rp/db';
import { conflict, notFound, validationFailed } from '@rp/errors';
import type { RouteDef } from '../http/route';
import { listQuerySchema, paginate } from '../http/pagination';
import { idParam, listHeaders } from '../schemas/common';
import { createPersonBody, personListQuery, personSchema, updatePersonBody } from '../schemas/person';
import { checkPersonInput } from '../services/check-person-input';
import { filterPeople, peopleQuery } from '@rp/collections';
import { isUniqueViolation } from '../services/is-unique-violation';
import { dbNowMs } from '../services/db-now-ms';
import { emitPersonEvent } from '../services/emit-person-event';
import type { ApiDeps } from '../deps';
import { exampleCreatePerson, examplePerson, exampleUpdatePerson } from '../openapi/examples';

const TAG = 'People';
const personParams = idParam('person_id');

const serialize = (deps: ApiDeps) => (row: Record<string, any>) => serializePerson(row, deps.signUrl, row.photo_storage_path);

async function loadPerson(deps: ApiDeps, orgId: string, id: string) {
  const row = await peopleQuery(deps.db, orgId).andWhere('people.id', id).first();
  if (!row) throw notFound('person');
  return serialize(deps)(row);
}

/** JSON columns go in as text: pg would turn a JS array into a PG array literal. */
function toRow(body: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...body };
  if (body.custom_fields !== undefined) row.custom_fields = JSON.stringify(body.custom_fields);
  return row;
}

/** Maps constraint races to client errors: a duplicate external_id (409) or a photo deleted mid-request (422). */
function mapWriteError(err: unknown): never {
  if (isUniqueViolation(err, 'external_id')) {
    throw conflict('duplicate_external_id', 'Another person of this org already has this external_id', [
      { field: 'external_id', message: 'is already used by another person' },
    ]);
  }
  if ((err as { code?: string })?.code === '23503') {
    throw validationFailed([{ field: 'photo_asset_id', message: 'does not name an asset of this org' }]);
  }
  throw err;
}

export function peopleRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/people',
      operationId: 'createPerson',
      summary: 'Create a person',
      description:
        'Only first_name is required. `status` is not accepted: every new person is active. external_id is unique per org (409 duplicate_external_id). Emits the `person.created` webhook event.',
      tag: TAG,
      body: createPersonBody,
      requestExample: exampleCreatePerson,
      responses: {
        201: { description: 'The person', schema: personSchema, example: examplePerson },
        409: { description: 'external_id is already used by another person of the org (duplicate_external_id)' },
      },
      handler: async ({ ctx, body, orgId, deps }) => {
        await checkPersonInput(deps.db, orgId, body);
        const [row] = await deps
          .db('people')
          .insert({ ...toRow(body), org_id: orgId, status: 'active' })
          .returning('id')
          .catch(mapWriteError);
        ctx.status = 201;
        ctx.set('Location', `/v1/people/${row.id}`);
        const person = await loadPerson(deps, orgId, row.id);
        emitPersonEvent(deps, ctx.state.log, person, 'person.created');
        return person;
      },
    },
    {
      method: 'get',
      path: '/v1/people',
      operationId: 'listPeople',
      summary: 'List people',
      description:
        'Newest first. Filters combine with AND. `birthday`/`hire_anniversary` take MM-DD (current UTC year) or YYYY-MM-DD and match month and day; Feb 29 dates also match 02-28 in non-leap years.',
      tag: TAG,
      query: { type: 'object', properties: { ...listQuerySchema, ...personListQuery.properties } },
      responses: { 200: { description: 'A page of people', schema: { type: 'array', items: personSchema }, headers: listHeaders, example: [examplePerson] } },
      handler: async ({ ctx, query, orgId, deps }) => {
        const qb = filterPeople(peopleQuery(deps.db, orgId), query);
        const rows = await paginate<any>(ctx, qb, { limit: query.limit, cursor: query.cursor, table: 'people' });
        return rows.map(serialize(deps));
      },
    },
    {
      method: 'get',
      path: '/v1/people/{person_id}',
      operationId: 'getPerson',
      summary: 'Get a person',
      tag: TAG,
      params: personParams,
      responses: { 200: { description: 'The person', schema: personSchema, example: examplePerson } },
      handler: async ({ params, orgId, deps }) => loadPerson(deps, orgId, params.person_id),
    },
    {
      method: 'patch',
      path: '/v1/people/{person_id}',
      operationId: 'updatePerson',
      summary: 'Update a person',
      description:
        'Partial update (spec 4.3): only the fields sent change; null clears an optional field; custom_fields is replaced as a whole. updated_at is refreshed on every update. Emits the `person.updated` webhook event.',
      tag: TAG,
      params: personParams,
      body: updatePersonBody,
      requestExample: exampleUpdatePerson,
      responses: {
        200: { description: 'The updated person', schema: personSchema, example: { ...examplePerson, ...exampleUpdatePerson } },
        409: { description: 'external_id is already used by another person of the org (duplicate_external_id)' },
      },
      handler: async ({ ctx, params, body, orgId, deps }) => {
        await checkPersonInput(deps.db, orgId, body);
        const n = await deps
          .db('people')
          .where({ org_id: orgId, id: params.person_id })
          .update({ ...toRow(body), updated_at: dbNowMs(deps.db) })
          .catch(mapWriteError);
        if (!n) throw notFound('person');
        const person = await loadPerson(deps, orgId, params.person_id);
        emitPersonEvent(deps, ctx.state.log, person, 'person.updated');
        return person;
      },
    },
    {
      method: 'delete',
      path: '/v1/people/{person_id}',
      operationId: 'deletePerson',
      summary: 'Delete a person',
      description: 'Permanent. The photo asset is not deleted (other people or templates may use it).',
      tag: TAG,
      params: personParams,
      responses: { 204: { description: 'Deleted' } },
      handler: async ({ params, orgId, deps }) => {
        const n = await deps.db('people').where({ org_id: orgId, id: params.person_id }).del();
        if (!n) throw notFound('person');
        return undefined;
      },
    },
  ];
}
