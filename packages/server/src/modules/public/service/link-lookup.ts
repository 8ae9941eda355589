/**
 * The participant routes' look-ups (spec 002 §7): which token a link names, and sending a link's
 * one-time code by its token id or by the link. Each is called by one route; none builds keys.
 */
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { findToken } from '../../enrollments/tokens/api';
import { findPublicStudy, findTokenByLink } from '../repo';
import { loadForToken, loadLink } from './link';
import { sendLinkCode } from './token-flow';

/** The token id of a participant link of the study, or null when the study has no such link. */
export async function findLinkTokenId(db: Executor, studyId: string, link: string): Promise<string | null> {
  return (await findTokenByLink(db, studyId, link))?.id ?? null;
}

/** Spec 002 §7 `GET .../tokens/{tokenId}/requestOneTimePassword`: the link's code, by its token id. */
export async function sendCodeForToken(ctx: UseCaseContext, input: { studyId: string; tokenId: string }) {
  const study = await findPublicStudy(ctx.tx, input.studyId);
  const token = study ? await findToken(ctx.tx, input.studyId, input.tokenId) : null;
  if (!study || !token) throw notFound('The link');
  return sendLinkCode(ctx, await loadForToken(ctx.tx, study, token));
}

/** Spec 002 §7 `POST .../token/newOneTimePassword`: a new code for the link. */
export async function sendCodeForLink(ctx: UseCaseContext, input: { studyId: string; link: string }) {
  return sendLinkCode(ctx, await loadLink(ctx.tx, input.studyId, input.link));
}
