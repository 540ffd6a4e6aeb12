import { serializePerson } from '@rp/serializers';
import type { RouteDef } from '../http/route';
import { created } from '../http/created';
import { listQuerySchema, sendPage } from '../http/pagination';
import { idParam, listHeaders } from '../schemas/common';
import { createPersonBody, personListQuery, personSchema, updatePersonBody } from '../schemas/person';
import * as people from '../services/person-service';
import type { PersonView } from '../services/person-service';
import type { ApiDeps } from '../deps';
import { exampleCreatePerson, examplePerson, exampleUpdatePerson } from '../openapi/examples';

const TAG = 'People';
const personParams = idParam('person_id');

const serialize = (deps: ApiDeps) => (row: PersonView) => serializePerson(row, deps.signUrl, row.photo_storage_path);

// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
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
        const person = await people.createPerson(deps, orgId, body, ctx.state.log);
        return created(ctx, `/v1/people/${person.id}`, serialize(deps)(person));
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
      handler: async ({ ctx, query, orgId, deps }) => sendPage(ctx, await people.listPeople(deps.db, orgId, query), serialize(deps)),
    },
    {
      method: 'get',
      path: '/v1/people/{person_id}',
      operationId: 'getPerson',
      summary: 'Get a person',
      tag: TAG,
      params: personParams,
      responses: { 200: { description: 'The person', schema: personSchema, example: examplePerson } },
      handler: async ({ params, orgId, deps }) => serialize(deps)(await people.getPerson(deps.db, orgId, params.person_id)),
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
      handler: async ({ ctx, params, body, orgId, deps }) =>
        serialize(deps)(await people.updatePerson(deps, orgId, params.person_id, body, ctx.state.log)),
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
      handler: async ({ params, orgId, deps }) => people.deletePerson(deps.db, orgId, params.person_id),
    },
  ];
}
