import {
  type AccessUser,
  guardFormula,
  type MedicationListingRow,
  type MedicationStudyList,
  type MedicationStudyListFilters,
  sitesWithPermission,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { presentMedication } from '../presenters';
import { listMedicationPage, type MedicationListingFilter } from '../repo';

function filterOf(
  studyId: string,
  access: AccessUser,
  query: MedicationStudyListFilters,
): MedicationListingFilter {
  const q = query;
  return {
    siteIds: sitesWithPermission(access, 'PATIENT_LIST_MEDICATION', studyId),
    siteId: q.siteId,
    registrationType: q.registrationType,
    q: q.q === '' ? undefined : q.q,
    ongoing: q.ongoing,
    verification: q.verification,
    from: q.from,
    to: q.to,
  };
}

type PageRow = Awaited<ReturnType<typeof listMedicationPage>>['rows'][number];

function presentRow(r: PageRow): MedicationListingRow {
  const { audit: _audit, ...view } = presentMedication(r.record);
  return { ...view, subjectLabel: r.subjectLabel, siteName: r.siteName ?? '' };
}

/**
 * `GET /studies/{studyId}/medication` (issue 21 item 3): the study's live medication records at the
 * sites where the caller lists medication, filtered by site, type, name, ongoing, verification and
 * dates, newest first, one page.
 */
export async function listStudyMedication(
  db: Executor,
  input: { studyId: string; access: AccessUser; query: MedicationStudyListFilters },
): Promise<MedicationStudyList> {
  const q = input.query;
  const filter = filterOf(input.studyId, input.access, input.query);
  const { rows, total } = await listMedicationPage(db, input.studyId, filter, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: rows.map(presentRow), total, page: q.page, pageSize: q.pageSize };
}

/** The CSV columns: stable English codes, read by people and by statistics programs alike. */
const CSV_COLUMNS = [
  'site',
  'subject',
  'type',
  'name',
  'indication',
  'dose',
  'dose_unit',
  'route',
  'frequency',
  'start_date',
  'end_date',
  'ongoing',
  'units_per_day',
  'schedule_package',
  'ae_id',
  'verified',
  'secondary_verified',
  'created_by',
  'created_time',
  'id',
] as const;

function csvCell(value: string | number | boolean | null, numeric = false): string {
  // Formula injection guard as the exports module (domain guardFormula), then RFC 4180 quoting.
  const safe = guardFormula(value === null ? '' : String(value), numeric);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(r: MedicationListingRow): string {
  const other = (code: string | null, text: string | null) => (code === 'OTHER' && text ? text : code);
  return [
    csvCell(r.siteName),
    csvCell(r.subjectLabel),
    csvCell(r.registrationType),
    csvCell(r.name),
    csvCell(r.indication),
    csvCell(r.dose, true),
    csvCell(other(r.doseUnit, r.doseUnitOther)),
    csvCell(other(r.route, r.routeOther)),
    csvCell(other(r.frequency, r.frequencyOther)),
    csvCell(r.startDate),
    csvCell(r.endDate),
    csvCell(r.ongoing),
    csvCell(r.scheduleUnitsPerDay, true),
    csvCell(r.schedulePackage),
    csvCell(r.aeId),
    csvCell(r.verification?.verifiedTime ?? null),
    csvCell(r.secondaryVerification?.verifiedTime ?? null),
    csvCell(r.createdByName),
    csvCell(r.createdTime),
    csvCell(r.id),
  ].join(',');
}

const CSV_PAGE = 500;

/** `GET /studies/{studyId}/medication/export` (issue 21 item 3): every matching record as CSV. */
export async function* exportStudyMedication(
  db: Executor,
  input: { studyId: string; access: AccessUser; query: MedicationStudyListFilters },
): AsyncGenerator<string> {
  const filter = filterOf(input.studyId, input.access, input.query);
  yield `\uFEFF${CSV_COLUMNS.join(',')}\r\n`;
  for (let offset = 0; ; offset += CSV_PAGE) {
    const { rows } = await listMedicationPage(db, input.studyId, filter, { limit: CSV_PAGE, offset });
    if (rows.length === 0) break;
    yield rows.map((r) => `${csvLine(presentRow(r))}\r\n`).join('');
    if (rows.length < CSV_PAGE) break;
  }
}
