/** What leaves the server about queries (CONVENTIONS.md presenters whitelist output). */
import {
  lastQueryComments,
  type Query,
  type QueryComment,
  QueryCommentSchema,
  type QueryStatus,
} from '@trialbase/domain';
import type { QueryRow } from './repo';

/** The stored comments of a row as domain comments (entries that do not parse are left out). */
export function commentsOf(row: Pick<QueryRow, 'comments'>): QueryComment[] {
  return (row.comments ?? []).flatMap((c) => {
    const parsed = QueryCommentSchema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}

export function presentQuery(row: QueryRow, names: { createdByName: string | null }): Query {
  const comments = commentsOf(row);
  return {
    id: row.id,
    studyId: row.studyId,
    siteId: row.siteId,
    enrollmentId: row.enrollmentId,
    tokenId: row.tokenId,
    questionnaireId: row.questionnaireId,
    dataEventId: row.dataEventId,
    formId: row.formId,
    questionId: row.questionId,
    answerId: row.answerId,
    status: row.status as QueryStatus,
    queryText: row.queryText,
    ruleId: row.ruleId,
    comments: lastQueryComments(comments),
    commentCount: comments.length,
    createdBy: row.createdBy,
    createdByName: names.createdByName,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
  };
}

/** The creator's name as the first comment recorded it (system-generated queries: null). */
export function creatorNameOf(row: QueryRow): string | null {
  if (row.createdBy === null) return null;
  return commentsOf(row).find((c) => c.createdBy === row.createdBy)?.createdByName ?? null;
}
