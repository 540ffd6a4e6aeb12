import type { RouteDef } from '../http/route';

export function webhooksRoutes(): RouteDef[] {
  return [];
}
