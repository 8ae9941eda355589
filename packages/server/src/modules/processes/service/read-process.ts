/** Reading processes: list, detail with locks, one data event, public sign-up info (spec 001 §7, 002 §7). */
import {
  type DataEventDetail,
  LanguageCodeSchema,
  type ProcessDetail,
  type ProcessSummary,
  type PublicProcessInfo,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { readProcess } from '../documents';
import {
  presentDataEvent,
  presentProcessDetail,
  presentProcessSummary,
  presentPublicInfo,
} from '../presenters';
import { findProcessOfDataEvent, findProcessRow, listProcessRows } from '../repo';
import { findProcessUsage } from '../usage';
import { loadProcess, requireProcessRow, requireProcessStudy } from './context';

/** Spec 001 §7 GET /studies/{studyId}/pathway: the study's live processes, oldest first. */
export async function listProcesses(db: Executor, input: { studyId: string }): Promise<ProcessSummary[]> {
  const study = await requireProcessStudy(db, input.studyId);
  const rows = await listProcessRows(db, study.id);
  return Promise.all(
    rows.map(async (row) => {
      const usage = await findProcessUsage(db, study.id, row.id);
      return presentProcessSummary(row, readProcess(row), usage.enrollments);
    }),
  );
}

/** Spec 001 §7 GET /studies/{studyId}/pathway/{id}: the process with its derived flags and locks (001 §4). */
export async function getProcess(
  db: Executor,
  input: { studyId: string; id: string },
): Promise<ProcessDetail> {
  const study = await requireProcessStudy(db, input.studyId);
  const row = await requireProcessRow(db, study.id, input.id);
  const { process, locks, usage } = await loadProcess(db, study, row);
  return presentProcessDetail(row, process, locks, usage.enrollments);
}

/** Spec 001 §7 GET /study/{studyId}/dataEvent/{dataEventId}: one scheduled data event with its process. */
export async function getDataEvent(
  db: Executor,
  input: { studyId: string; dataEventId: string },
): Promise<DataEventDetail> {
  const study = await requireProcessStudy(db, input.studyId);
  const row = await findProcessOfDataEvent(db, study.id, input.dataEventId);
  const process = row ? readProcess(row) : null;
  const index = process?.dataEvents.findIndex((e) => e.id === input.dataEventId) ?? -1;
  if (!row || !process || index < 0) throw notFound('The data event');
  return presentDataEvent(row, process, index);
}

/**
 * Spec 002 §7 GET /public/study/{studyId}/pathway/{pathwayId}/getInfo: anonymous, 404 when unknown
 * or deleted; the process's languages, else the study's.
 */
export async function getPublicProcessInfo(
  db: Executor,
  input: { studyId: string; pathwayId: string },
): Promise<PublicProcessInfo> {
  const study = await requireProcessStudy(db, input.studyId);
  const row = await findProcessRow(db, study.id, input.pathwayId);
  if (!row) throw notFound('The process');
  const info = presentPublicInfo(row, readProcess(row), study);
  if (info.supportedLanguages.length > 0) return info;
  // A process that names no languages offers the study's, so the unsubscribe page can switch.
  const studyLanguages = study.languages.flatMap((l) => {
    const parsed = LanguageCodeSchema.safeParse(l);
    return parsed.success ? [parsed.data] : [];
  });
  return { ...info, supportedLanguages: studyLanguages };
}
