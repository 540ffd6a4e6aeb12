import type { RouteDef } from '../http/route';

export function collectionsRoutes(): RouteDef[] {
  return [];
}
