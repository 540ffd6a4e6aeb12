import type { RouteDef } from '../http/route';
import { templatesRoutes } from './templates';
import { peopleRoutes } from './people';
import { assetsRoutes } from './assets';
import { imagesRoutes } from './images';
import { videosRoutes } from './videos';
import { collectionsRoutes } from './collections';
import { webhooksRoutes } from './webhooks';
import { previewsRoutes } from './previews';

/** Every /v1 operation. The router and the OpenAPI document are both built from this list. */
export function allRoutes(): RouteDef[] {
  return [
    ...templatesRoutes(),
    ...peopleRoutes(),
    ...assetsRoutes(),
    ...imagesRoutes(),
    ...videosRoutes(),
    ...collectionsRoutes(),
    ...webhooksRoutes(),
    ...previewsRoutes(),
  ];
}
