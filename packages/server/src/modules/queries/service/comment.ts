import type { QueryComment, QueryDialogAction } from '@trialbase/domain';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';

/** Who acts on a query: a staff user (id and printed name) or the system (QUERY rules). */
export type QueryActor = { userId: string; name: string } | null;

/** Spec 001 §3: one comment of the thread; no creator means system generated. */
export function newComment(
  ctx: UseCaseContext,
  actor: QueryActor,
  action: QueryDialogAction,
  text: string,
  values: { oldValues: string[]; newValues: string[] } | null = null,
): QueryComment {
  return {
    id: newId(ctx.now),
    createdBy: actor?.userId ?? null,
    createdByName: actor?.name ?? null,
    createdTime: ctx.now.toISOString(),
    action,
    text,
    oldValues: values?.oldValues ?? null,
    newValues: values?.newValues ?? null,
  };
}
