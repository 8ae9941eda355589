import type { Db } from '../../platform/db/client';
import type { RoutePermission } from '../../platform/http/define-route';
import { loadAccessUser } from '../access/api';
import { canCreateStudies } from './service/create-study';

/** Spec 000 §6: creating a study is a system-level right (see `canCreateStudies`). */
export function studyCreator(db: Db): RoutePermission {
  return {
    name: 'study-create',
    check: async (req) => {
      const access = await loadAccessUser(db, req.auth!.user);
      req.access = access;
      return canCreateStudies(access);
    },
  };
}
