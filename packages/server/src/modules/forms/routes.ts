import type { RouteDefinition } from '../../platform/http/define-route';
import type { ModuleDeps } from '../../platform/http/module-deps';

/** Routes of this area; each declares its permission (CONVENTIONS.md). */
export function formRoutes(_deps: ModuleDeps): RouteDefinition<never>[] {
  return [];
}
