import { COLLECTION_STATUSES } from '@rp/workflow-safe';
import { serializeCollection } from '@rp/serializers';
import type { RouteDef } from '../http/route';
import { listQuerySchema, sendPage } from '../http/pagination';
import { idempotencyKey } from '../http/request-headers';
import { authHeader, idParam, idempotencyHeader, listHeaders } from '../schemas/common';
import { collectionSchema, createCollectionBody, createFromPeopleBody } from '../schemas/collection';
import { createCollection, getCollection, listCollections } from '../services/collection-service';
import { createCollectionFromPeople, preflightFromPeople } from '../services/create-collection-from-people';
import { preflightCollection } from '../services/preflight-collection';
import { preflightSchema } from '../schemas/warnings';
import { exampleCollection, exampleCollectionSummary, exampleCreateCollection, exampleCreateFromPeople } from '../openapi/examples';
import { examplePreflight } from '../openapi/example-warnings';

// both ways of creating a collection answer alike
const CREATE_HEADERS = [authHeader, idempotencyHeader];
const CREATED_RESPONSES = {
  200: { description: 'Preflight (`"preflight": true`): every item laid out, its warnings; nothing stored or started', schema: preflightSchema, example: examplePreflight },
  202: {
    description: 'Accepted (status pending)',
    schema: collectionSchema,
    example: { ...exampleCollectionSummary, status: 'pending', completed: 0 },
  },
  409: { description: 'Idempotency-Key reused with a different body' },
};

// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
export function collectionsRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/collections',
      operationId: 'createCollection',
      summary: 'Create a collection of renders',
      description:
        'Renders every item with the template (1-500 items). Every item is validated first; one invalid item rejects the whole request (422 naming `items[i]...`) and nothing starts. ' +
        'The collection type follows the template type. Every item renders in a child workflow of its own (its `workflow_id` in GET), at a lower priority than single renders; when all finish, the results are zipped. With `"preflight": true` it answers 200 with every item\'s warnings instead (nothing stored, nothing started; docs/renders.md).',
      tag: 'Collections',
      headers: CREATE_HEADERS,
      body: createCollectionBody,
      requestExample: exampleCreateCollection,
      responses: CREATED_RESPONSES,
      handler: async ({ ctx, deps, orgId, body }) => {
        if (body.preflight) return preflightCollection(deps, orgId, body);
        ctx.status = 202;
        return serializeCollection(await createCollection(deps, orgId, body, { idempotencyKey: idempotencyKey(ctx) }), deps.signUrl);
      },
    },
    {
      method: 'post',
      path: '/v1/collections/from-people',
      operationId: 'createCollectionFromPeople',
      summary: 'Create a collection with one item per matching person',
      description:
        'Selects people with the filters of GET /v1/people (`birthday: "today"` for a daily birthday run; only active people unless `status` says otherwise) ' +
        'and renders the template once per person, mapping person fields to placeholders (see `mapping`). Items are ordered oldest person first and carry ' +
        '`metadata.person_id`. `"preflight": true` answers 200 with every item\'s warnings instead. No match, or more than 500, answers 422 naming `people`; a mapping that names an unknown placeholder or field answers 422 naming `mapping.<placeholder>`.',
      tag: 'Collections',
      headers: CREATE_HEADERS,
      body: createFromPeopleBody,
      requestExample: exampleCreateFromPeople,
      responses: CREATED_RESPONSES,
      handler: async ({ ctx, deps, orgId, body }) => {
        if (body.preflight) return preflightFromPeople(deps, orgId, body);
        ctx.status = 202;
        return serializeCollection(await createCollectionFromPeople(deps, orgId, body, idempotencyKey(ctx)), deps.signUrl);
      },
    },
    {
      method: 'get',
      path: '/v1/collections/{collection_id}',
      operationId: 'getCollection',
      summary: 'Get a collection with its items',
      tag: 'Collections',
      params: idParam('collection_id'),
      responses: { 200: { description: 'The collection, with live counts and items', schema: collectionSchema, example: exampleCollection } },
      handler: async ({ deps, orgId, params }) => {
        const { row, items } = await getCollection(deps.db, orgId, params.collection_id);
        return serializeCollection(row, deps.signUrl, items);
      },
    },
    {
      method: 'get',
      path: '/v1/collections',
      operationId: 'listCollections',
      summary: 'List collections, newest first',
      tag: 'Collections',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...listQuerySchema,
          status: { type: 'string', enum: [...COLLECTION_STATUSES] },
        },
      },
      responses: { 200: { description: 'A page of collections (without items)', schema: { type: 'array', items: collectionSchema }, headers: listHeaders, example: [exampleCollectionSummary] } },
      handler: async ({ ctx, deps, orgId, query }) =>
        sendPage(ctx, await listCollections(deps.db, orgId, query), (r) => serializeCollection(r, deps.signUrl)),
    },
  ];
}
