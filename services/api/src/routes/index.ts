import type { RouteDef } from '../http/route';
import { templatesRoutes } from './templates';
import { peopleRoutes } from './people';
import { assetsRoutes } from './assets';
import { imagesRoutes } from './images';
import { videosRoutes } from './videos';
import { collectionsRoutes } from './collections';
import { webhooksRoutes } from './webhooks';
import { schedulesRoutes } from './schedules';
import { urlKeysRoutes } from './url-keys';
import { renderUrlRoutes } from './render-urls';
import { previewsRoutes } from './previews';

/** Every operation: the /v1 ones (bearer key) and the signed render URLs (`auth: false`, mounted outside /v1). The router and the OpenAPI document are both built from this list. */
export function allRoutes(): RouteDef[] {
  return [
    ...templatesRoutes(),
    ...peopleRoutes(),
    ...assetsRoutes(),
    ...imagesRoutes(),
    ...videosRoutes(),
    ...collectionsRoutes(),
    ...webhooksRoutes(),
    ...schedulesRoutes(),
    ...urlKeysRoutes(),
    ...renderUrlRoutes(),
    ...previewsRoutes(),
  ];
}
