/** Helpers shared by the filled-form routes (spec 001 §7 Filled forms; spec 000 §6 site scope). */
import type { Permission, SubmitQuestionnaire, UpdateQuestionnaire } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { carriesPassword, checkExtendedValidation } from '../../platform/auth/extended-validation';
import { actorOf } from '../../platform/auth/guard';
import type { Db } from '../../platform/db/client';
import type { ModuleDeps } from '../../platform/http/module-deps';
import { type SiteScope, siteOfEntity } from '../../platform/http/site-scope';
import { runUseCase } from '../../platform/use-case';
import { presentToken } from '../enrollments/tokens/presenters';
import { kickJobs } from '../enrollments/tokens/route-helpers';
import { scheduleEnvOf } from '../enrollments/tokens/service/send-link';
import type { NamedUser } from './repo';
import { type EventKind, requireStudy } from './service/context';
import type { SaveOutcome } from './service/persist-answers';
import { presentSets } from './service/read';
import { submitQuestionnaire } from './service/submit-questionnaire';
import { updateFilledQuestionnaire } from './service/update-filled-questionnaire';
import { siteOfQuestionnaire } from './service/verify';

type TokenParams = { studyId: string; enrollmentId: string; tokenId: string };

export function userIdOf(req: FastifyRequest): string {
  const actor = actorOf(req);
  return actor.id ?? '';
}

/** Routes naming `:questionnaireId` act at the filled form's site (404 'The filled form'). */
export const questionnaireSite: SiteScope = siteOfEntity(
  'filled form',
  'questionnaireId',
  siteOfQuestionnaire,
);

/** Spec 000 §6 / 001 §6: verifying needs the round's permission at the form's site. */
export function verificationPermission(params: Record<string, string | undefined>): Permission {
  return params.verificationType === 'secondary'
    ? 'VERIFICATION_STATUS_SECONDARY_UPDATE'
    : 'VERIFICATION_STATUS_UPDATE';
}

/**
 * The answer of every save: the set as stored now, the token, fired rules and raised queries. `caller`
 * is the signed-in user making the save, whose name is known without reading it again.
 */
export async function saveResult(
  db: Db,
  studyId: string,
  outcome: SaveOutcome,
  caller: NamedUser | null | undefined,
) {
  // The save returns the set, its answers and token as stored (issue 16 item 2: not read again).
  const [answerSet] = await presentSets(db, studyId, [outcome.questionnaire], {
    answers: outcome.answers,
    tokens: [outcome.token],
    users: caller ? [caller] : [],
  });
  if (!answerSet) throw new Error('The saved form disappeared.');
  return {
    answerSet,
    token: presentToken(outcome.token, { withSecret: false }),
    tokenCompleted: outcome.tokenCompleted,
    firedRules: outcome.firedRules,
    queriesRaised: outcome.queriesRaised,
  };
}

/** POST .../questionnaires and .../questionnaires/unscheduled: one use case, jobs, result. */
export async function handleSubmit(
  deps: ModuleDeps,
  req: FastifyRequest & { params: TokenParams; body: SubmitQuestionnaire },
  eventKind: EventKind,
) {
  const { db, clock } = deps;
  const outcome = await runUseCase(
    db,
    actorOf(req),
    (ctx) =>
      submitQuestionnaire(
        ctx,
        { ...req.params, ...req.body, userId: userIdOf(req), eventKind, writesLast: true },
        scheduleEnvOf(deps.config),
      ),
    clock(),
  );
  await kickJobs(deps);
  return saveResult(db, req.params.studyId, outcome, req.auth?.user);
}

/**
 * PUT .../questionnaires/{id} and .../{id}/unscheduled: the Extended-Validation password
 * when the study asks for it (spec 001 §6), one use case, jobs, result.
 */
export async function handleUpdate(
  deps: ModuleDeps,
  req: FastifyRequest & { params: TokenParams & { questionnaireId: string }; body: UpdateQuestionnaire },
  eventKind: EventKind,
) {
  const { db, clock } = deps;
  // Without a password the study is not read here (issue 16: one statement less): the use case
  // refuses the update when the study it loads asks for one (`passwordNotSent`).
  const passwordSent = carriesPassword(req);
  const signature = passwordSent
    ? await checkExtendedValidation(db, req, {
        required: (await requireStudy(db, req.params.studyId)).extendedValidation,
        meaning: 'Filled form updated',
        now: clock(),
      })
    : null;
  const outcome = await runUseCase(
    db,
    actorOf(req),
    (ctx) =>
      updateFilledQuestionnaire(
        ctx,
        {
          ...req.params,
          ...req.body,
          signature,
          passwordNotSent: !passwordSent,
          eventKind,
          writesLast: true,
        },
        scheduleEnvOf(deps.config),
      ),
    clock(),
  );
  await kickJobs(deps);
  return saveResult(db, req.params.studyId, outcome, req.auth?.user);
}
