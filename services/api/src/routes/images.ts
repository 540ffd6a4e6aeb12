import type { RouteDef } from '../http/route';
import { renderRoutes } from './render-routes';

export function imagesRoutes(): RouteDef[] {
  return renderRoutes('image');
}
