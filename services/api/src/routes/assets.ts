import type { RouteDef } from '../http/route';

export function assetsRoutes(): RouteDef[] {
  return [];
}
