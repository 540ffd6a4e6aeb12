import type { RouteDef } from '../http/route';

export function videosRoutes(): RouteDef[] {
  return [];
}
