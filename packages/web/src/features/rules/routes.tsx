import type { RouteObject } from 'react-router';
import { areaRoutes } from '../../app/lazy-area';

/** Signed-in routes of this area (lazy pages): the reference rules page and its editors (spec 001 §2). */
export const ruleRoutes: RouteObject[] = areaRoutes(
  ['rules'],
  [
    {
      path: 'study/:studyId/referenceRules',
      lazy: async () => ({ Component: (await import('./reference-rules-page')).ReferenceRulesPage }),
    },
    {
      path: 'study/:studyId/validationRule/:mode',
      lazy: async () => ({ Component: (await import('./validation-rule-page')).ValidationRulePage }),
    },
    {
      path: 'study/:studyId/validationRule/:validationRuleId/:mode',
      lazy: async () => ({ Component: (await import('./validation-rule-page')).ValidationRulePage }),
    },
    {
      path: 'study/:studyId/showRule/:mode',
      lazy: async () => ({ Component: (await import('./show-rule-page')).ShowRulePage }),
    },
    {
      path: 'study/:studyId/showRule/:showRuleId/:mode',
      lazy: async () => ({ Component: (await import('./show-rule-page')).ShowRulePage }),
    },
  ],
);
