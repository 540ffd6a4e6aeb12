import { serializeCollection } from '@rp/db';
import type { RouteDef } from '../http/route';
import { listQuerySchema, paginate } from '../http/pagination';
import { authHeader, idParam, idempotencyHeader, listHeaders } from '../schemas/common';
import { collectionSchema, createCollectionBody, createFromPeopleBody } from '../schemas/collection';
import { createCollection, getCollection } from '../services/collection-service';
import { createCollectionFromPeople } from '../services/create-collection-from-people';
import { exampleCollection, exampleCollectionSummary, exampleCreateCollection, exampleCreateFromPeople } from '../openapi/examples';

// both ways of creating a collection answer alike
const CREATE_HEADERS = [authHeader, idempotencyHeader];
const CREATED_RESPONSES = {
  202: {
    description: 'Accepted (status pending)',
    schema: collectionSchema,
    example: { ...exampleCollectionSummary, status: 'pending', completed: 0 },
  },
  409: { description: 'Idempotency-Key reused with a different body' },
};

export function collectionsRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/collections',
      operationId: 'createCollection',
      summary: 'Create a collection of renders',
      description:
        'Renders every item with the template (1-500 items). Every item is validated first; one invalid item rejects the whole request (422 naming `items[i]...`) and nothing starts. ' +
        'The collection type follows the template type. One child workflow per item; when all finish, the results are zipped.',
      tag: 'Collections',
      headers: CREATE_HEADERS,
      body: createCollectionBody,
      requestExample: exampleCreateCollection,
      responses: CREATED_RESPONSES,
      handler: ({ ctx, deps, orgId, body }) => createCollection(ctx, deps, orgId, body),
    },
    {
      method: 'post',
      path: '/v1/collections/from-people',
      operationId: 'createCollectionFromPeople',
      summary: 'Create a collection with one item per matching person',
      description:
        'Selects people with the filters of GET /v1/people (`birthday: "today"` for a daily birthday run; only active people unless `status` says otherwise) ' +
        'and renders the template once per person, mapping person fields to placeholders (see `mapping`). Items are ordered oldest person first and carry ' +
        '`metadata.person_id`. No match, or more than 500, answers 422 naming `people`; a mapping that names an unknown placeholder or field answers 422 naming `mapping.<placeholder>`.',
      tag: 'Collections',
      headers: CREATE_HEADERS,
      body: createFromPeopleBody,
      requestExample: exampleCreateFromPeople,
      responses: CREATED_RESPONSES,
      handler: ({ ctx, deps, orgId, body }) => createCollectionFromPeople(ctx, deps, orgId, body),
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
          status: { type: 'string', enum: ['pending', 'rendering', 'completed', 'completed_with_errors', 'failed'] },
        },
      },
      responses: { 200: { description: 'A page of collections (without items)', schema: { type: 'array', items: collectionSchema }, headers: listHeaders, example: [exampleCollectionSummary] } },
      handler: async ({ ctx, deps, orgId, query }) => {
        const qb = deps.db('collections').where({ org_id: orgId });
        if (query.status) qb.andWhere('status', query.status);
        const rows = await paginate(ctx, qb, { limit: query.limit, cursor: query.cursor });
        return rows.map((r) => serializeCollection(r, deps.signUrl));
      },
    },
  ];
}
