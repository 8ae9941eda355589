/** SQL of answer files (spec 000 §7 files); every query is scoped by study. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { answerFiles } from './tables';

export type AnswerFileRow = typeof answerFiles.$inferSelect;

export async function insertAnswerFile(db: Executor, row: AnswerFileRow): Promise<void> {
  await db.insert(answerFiles).values(row);
}

/** One file of a token (bytes included). */
export async function findAnswerFile(
  db: Executor,
  studyId: string,
  tokenId: string,
  answerFileId: string,
): Promise<AnswerFileRow | null> {
  const [row] = await db
    .select()
    .from(answerFiles)
    .where(
      and(
        eq(answerFiles.studyId, studyId),
        eq(answerFiles.tokenId, tokenId),
        eq(answerFiles.id, answerFileId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One answer file of the study by id, whichever form link holds it (the caller checks that link). */
export async function findAnswerFileInStudy(
  db: Executor,
  studyId: string,
  answerFileId: string,
): Promise<AnswerFileRow | null> {
  const [row] = await db
    .select()
    .from(answerFiles)
    .where(and(eq(answerFiles.studyId, studyId), eq(answerFiles.id, answerFileId)))
    .limit(1);
  return row ?? null;
}
