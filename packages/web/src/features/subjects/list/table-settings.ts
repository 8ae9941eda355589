import { SUBJECT_PAGE_SIZES, type SubjectSortColumn, SubjectSortColumnSchema } from '@trialbase/domain';
import { useState } from 'react';
import { z } from 'zod';
import { useMyAccess } from '../../../app/abilities';
import { useSaveTableSettings, useTableSettings } from '../api';

/** The columns of the subject list, in display order (spec 001 §2 subject list). */
export const SUBJECT_COLUMNS = [
  'patientId',
  'firstName',
  'lastName',
  'initials',
  'email',
  'mobileNumber',
  'dateOfBirth',
  'gender',
  'language',
  'site',
  'trialGroup',
  'createdTime',
  'updatedTime',
  'archived',
] as const satisfies readonly SubjectSortColumn[];
export type SubjectColumn = (typeof SUBJECT_COLUMNS)[number];

const DEFAULT_HIDDEN: SubjectColumn[] = [
  'initials',
  'mobileNumber',
  'dateOfBirth',
  'gender',
  'language',
  'updatedTime',
];

const SettingsSchema = z.object({
  pageSize: z
    .number()
    .refine((n): n is (typeof SUBJECT_PAGE_SIZES)[number] =>
      (SUBJECT_PAGE_SIZES as readonly number[]).includes(n),
    )
    .catch(25),
  sortBy: SubjectSortColumnSchema.catch('patientId'),
  sortDirection: z.enum(['asc', 'desc']).catch('asc'),
  hiddenColumns: z.array(z.enum(SUBJECT_COLUMNS)).catch(DEFAULT_HIDDEN),
});
export type SubjectTableSettings = {
  pageSize: (typeof SUBJECT_PAGE_SIZES)[number];
  sortBy: SubjectSortColumn;
  sortDirection: 'asc' | 'desc';
  hiddenColumns: SubjectColumn[];
};

export const DEFAULT_SETTINGS: SubjectTableSettings = {
  pageSize: 25,
  sortBy: 'patientId',
  sortDirection: 'asc',
  hiddenColumns: DEFAULT_HIDDEN,
};

/** The key of this table in the user's per-study table settings. */
const TABLE_KEY = 'subjectList';

function parseSettings(value: unknown): SubjectTableSettings {
  const parsed = SettingsSchema.safeParse(value);
  return parsed.success ? (parsed.data as SubjectTableSettings) : DEFAULT_SETTINGS;
}

/**
 * Spec 001 §2: page size, sort and visible columns are remembered per user and study, in the
 * user's table settings (`/users/{userId}/studies/{studyId}/tablesSettings`).
 */
export function useSubjectTableSettings(studyId: string) {
  const userId = useMyAccess().data?.userId;
  const stored = useTableSettings(studyId, userId);
  const save = useSaveTableSettings(studyId, userId);
  const [local, setLocal] = useState<SubjectTableSettings | null>(null);
  const settings =
    local ?? (stored.data ? parseSettings(stored.data.tableSettings[TABLE_KEY]) : DEFAULT_SETTINGS);
  const isReady = userId !== undefined && !stored.isPending;

  const update = (patch: Partial<SubjectTableSettings>) => {
    const next = { ...settings, ...patch };
    setLocal(next);
    if (!userId || stored.isError) return;
    save.mutate({ ...(stored.data?.tableSettings ?? {}), [TABLE_KEY]: next });
  };
  return { settings, update, isReady: isReady || stored.isError };
}
