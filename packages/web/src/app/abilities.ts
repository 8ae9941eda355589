import { useQuery } from '@tanstack/react-query';
import {
  type Abilities,
  ACCESS_REFRESH_INTERVAL_MS,
  accessEndpoints,
  type Permission,
} from '@trialbase/domain';
import { call } from './http';

/**
 * Outside the shell roots on purpose: spec 000 §8 clears caches after a 403 and refreshes
 * the side menu, which refetches this query.
 */
export const MY_ACCESS_QUERY_KEY = ['access', 'me'] as const;

/**
 * The caller's studies, roles, sites and abilities (GET /api/me/access). Spec 000 §9:
 * collaborator permissions refresh every 2 minutes, and on window focus, without re-login.
 */
export function useMyAccess() {
  return useQuery({
    queryKey: MY_ACCESS_QUERY_KEY,
    queryFn: ({ signal }) => call(accessEndpoints.mine, { signal }),
    refetchInterval: ACCESS_REFRESH_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  });
}

export type StudyAbilities = {
  /** null while loading or when the caller has nothing in this study. */
  abilities: Abilities | null;
  /** The caller's role in the study, if any (system admins may have none). */
  role: string | null;
  studyName: string | null;
  isPending: boolean;
  can: (permission: Permission) => boolean;
};

/**
 * The caller's abilities in one study (spec 000 §6): the study's computed abilities, or the
 * system-level ones when the caller holds no role there (a system admin sees every study).
 */
export function useStudyAbilities(studyId: string | undefined): StudyAbilities {
  const query = useMyAccess();
  const data = query.data;
  const entry = studyId ? data?.studies.find((study) => study.studyId === studyId) : undefined;
  const abilities = entry?.abilities ?? (data ? data.systemAbilities : null);
  return {
    abilities,
    role: entry?.role ?? null,
    studyName: entry?.studyName ?? null,
    isPending: query.isPending,
    can: (permission) => abilities?.[permission] === true,
  };
}
