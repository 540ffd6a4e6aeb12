import type { RouteDef } from '../http/route';

export function peopleRoutes(): RouteDef[] {
  return [];
}
