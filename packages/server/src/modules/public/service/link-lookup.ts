/**
 * The participant routes' look-ups (spec 002 §7): which token a link names, and sending a link's
 * one-time code by its token id or by the link. Each is called by one route; none builds keys.
 */

import type { ThrottleRead, ThrottleReadRequest, ThrottleRowValue } from '../../../platform/auth/throttle';
import { createBoundedCache } from '../../../platform/cache/bounded-cache';
import { sharedReads } from '../../../platform/cache/in-flight';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { findToken } from '../../enrollments/tokens/api';
import type { FillRead } from '../../questionnaires/api';
import { findLinkFillReadingLimit, findLinkRow, findPublicStudy } from '../repo';
import { loadForToken, loadLink } from './link';
import { sendLinkCode } from './token-flow';

/** The token a link secret names and its enrollment: both fixed for the life of the token. */
export type LinkRef = { tokenId: string; enrollmentId: string };

/**
 * Issue 16 item 2: a link secret always names the same token of the same enrollment (tokens are
 * never deleted or moved), so known links are kept in process and a request reads its link once
 * at most. Unknown links are not kept (they are counted against the address by the routes).
 */
const knownLinks = createBoundedCache<LinkRef>(20_000);

/** Look-ups of a link in flight: one of the same link takes that reading. */
const linkReads = sharedReads<LinkRef | null>();

/** Keeps a link found: the token and enrollment of its row. */
function keepLink(key: string, row: { id: string; enrollmentId: string }): LinkRef {
  return knownLinks.set(key, { tokenId: row.id, enrollmentId: row.enrollmentId });
}

/** The token and enrollment of a participant link of the study, or null when the study has no such link. */
export async function findLinkRef(db: Executor, studyId: string, link: string): Promise<LinkRef | null> {
  const key = `${studyId}/${link}`;
  const known = knownLinks.get(key);
  if (known) return known;
  return linkReads(key, () =>
    findLinkRow(db, studyId, link).then((row) => (row ? keepLink(key, row) : null)),
  );
}

/** Look-ups of a new link with its fill and its address's limit in flight, under the reserve epoch they started in. */
const linkFillReads = sharedReads<{
  ref: LinkRef;
  limitRow: ThrottleRowValue | undefined;
  fill: FillRead | null;
} | null>();

/**
 * findLinkRef for the link limit's check (route-helpers.ts `linkLimitOf`): a link not kept yet is
 * read with its fill (`fill`, what loadLink reads without the lock, so the request's use case reads
 * nothing more of it) and, when `limitRead` asks for it, the row of the limit's key
 * (platform/auth/throttle.ts), in one statement; that row is given back as `limitRow`. A known link
 * reads nothing.
 */
export async function findLinkRefReadingLimit(
  db: Executor,
  studyId: string,
  link: string,
  limitRead: ThrottleReadRequest | null,
): Promise<{ ref: LinkRef | null; limitRow: ThrottleRead | null; fill: FillRead | null }> {
  const key = `${studyId}/${link}`;
  const known = knownLinks.get(key);
  if (known) return { ref: known, limitRow: null, fill: null };
  const found = await linkFillReads(
    `${key}\n${limitRead?.key ?? ''}`,
    () =>
      findLinkFillReadingLimit(db, studyId, link, limitRead?.key ?? null).then((row) =>
        row ? { ref: keepLink(key, row), limitRow: row.limitRow, fill: row.fill } : null,
      ),
    limitRead?.epoch,
  );
  if (!found) return { ref: null, limitRow: null, fill: null };
  return {
    ref: found.ref,
    limitRow: limitRead ? { ...limitRead, row: found.limitRow } : null,
    fill: found.fill,
  };
}

/** The token id of a participant link of the study, or null when the study has no such link. */
export async function findLinkTokenId(db: Executor, studyId: string, link: string): Promise<string | null> {
  return (await findLinkRef(db, studyId, link))?.tokenId ?? null;
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
