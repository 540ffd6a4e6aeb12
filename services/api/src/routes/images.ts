import type { RouteDef } from '../http/route';

export function imagesRoutes(): RouteDef[] {
  return [];
}
