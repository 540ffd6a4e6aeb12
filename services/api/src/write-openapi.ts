import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from './openapi/build-openapi';
import { allRoutes } from './routes';

/** The committed docs/openapi.json is generated from the route schemas; a test fails when it is stale. */
export const OPENAPI_SERVER_URL = 'http://127.0.0.1:8080';

export function generateOpenApiText(): string {
  return JSON.stringify(buildOpenApi(allRoutes(), OPENAPI_SERVER_URL), null, 2) + '\n';
}

if (require.main === module) {
  const out = path.resolve(__dirname, '../../../docs/openapi.json');
  fs.writeFileSync(out, generateOpenApiText());
  process.stdout.write(`wrote ${out}\n`);
}
