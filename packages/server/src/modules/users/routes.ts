import type { RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { accountRoutes } from './account-routes';
import { adminUserRoutes } from './admin-routes';
import { profileRoutes } from './profile-routes';

/** Routes of this area; each declares its permission (CONVENTIONS.md). Spec 000 §2, 001 §7 User. */
export function userRoutes(deps: ModuleDeps): RouteDefinition<never>[] {
  return [
    ...accountRoutes(deps),
    ...profileRoutes(deps),
    ...adminUserRoutes(deps),
  ] as RouteDefinition<never>[];
}
