import { compileBody } from '../http/ajv';
import { allRoutes } from '../routes';
import { buildOpenApi } from './build-openapi';

// Every operation carries examples in the reference, and each one is valid under the schema the API enforces
// (request) or promises (response). A route added without them fails here.
const routes = allRoutes();
// image bytes have no example worth printing
const isBinary = (schema: any) => schema?.format === 'binary';
const valid = (schema: object, example: unknown) => {
  const check = compileBody(schema);
  return check(JSON.parse(JSON.stringify(example))) ? [] : check.errors;
};

describe.each(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', (_name, route) => {
  if (route.body) {
    const body = route.body;
    test('its JSON body has a request example that the body schema accepts', () => {
      expect(route.requestExample).toBeDefined();
      expect(valid(body, route.requestExample)).toEqual([]);
    });
  } else {
    test('without a body it shows no request example', () => {
      expect(route.requestExample).toBeUndefined();
    });
  }

  test('every response with a body has an example that its schema accepts', () => {
    const withBody = Object.entries(route.responses).filter(([, res]) => res.schema && !isBinary(res.schema));
    // operations that answer nothing but 204 have no body to show
    const answers = Object.entries(route.responses).filter(([s, res]) => s !== '204' && !isBinary(res.schema));
    if (answers.length) expect(withBody.length).toBeGreaterThan(0);
    for (const [status, res] of withBody) {
      if (Number(status) >= 400 && res.example === undefined) continue; // the shared error examples, checked below
      expect({ status, example: res.example }).toEqual({ status, example: expect.anything() });
      expect({ status, errors: valid(res.schema!, res.example) }).toEqual({ status, errors: [] });
    }
  });
});

test('the document shows an example for every JSON request body and every response body', () => {
  const doc = buildOpenApi(routes, 'http://127.0.0.1:8080');
  const missing: string[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const json = op.requestBody?.content?.['application/json'];
      if (json && json.example === undefined) missing.push(`${method} ${path} request`);
      for (const [status, res] of Object.entries<any>(op.responses)) {
        for (const [type, media] of Object.entries<any>(res.content ?? {})) {
          if (media.example === undefined && !isBinary(media.schema)) missing.push(`${method} ${path} ${status} ${type}`);
        }
      }
    }
  }
  expect(missing).toEqual([]);
});
