import type { RouteDef } from '../http/route';

export function templatesRoutes(): RouteDef[] {
  return [];
}
