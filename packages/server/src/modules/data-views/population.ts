/**
 * The population tab (spec 001 §2, §3 population statistics; issue 25 item 1): counts by gender,
 * mean, minimum and maximum age, the age bars and a page of the subjects, each figure one SQL
 * aggregate over the subjects of the filter at the caller's sites.
 */
import {
  type AccessUser,
  ageBuckets,
  canViewSubjectField,
  dayInTimeZone,
  GENDER_NAMES,
  type Population,
  type PopulationPatient,
  type PopulationRequest,
  PopulationRequestSchema,
  REDACTED,
} from '@trialbase/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import {
  assertFilterTargets,
  readView,
  rowsOf,
  siteOfFilter,
  studyFacts,
  subjectFilterCondition,
  targetsOfFilter,
  visibleSites,
} from './scope';

/** Whole years on `day`: the date of birth, else 1 July of the birth year (model.ts birthDateForAge). */
function ageSql(day: string): SQL {
  return sql`case
    when s.attributes->>'dateOfBirth' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
      then extract(year from age(${day}::date, (s.attributes->>'dateOfBirth')::date))::int
    when jsonb_typeof(s.attributes->'birthYear') = 'number'
      then extract(year from age(${day}::date, make_date((s.attributes->>'birthYear')::int, 7, 1)))::int
  end`;
}

const GENDER_SQL = sql`case s.attributes->>'gender' when '1' then 1 when '2' then 2 else 0 end`;

type FiguresRow = {
  total: number;
  male: number;
  female: number;
  unknown: number;
  with_age: number;
  mean_age: number | null;
  minimum_age: number | null;
  maximum_age: number | null;
};

/** Spec 001 §2/§3: the population of the filter, its statistics, age bars and one page of subjects. */
export async function viewPopulation(
  db: Executor,
  input: { studyId: string; request: PopulationRequest; access: AccessUser; now: Date },
): Promise<Population> {
  const request = PopulationRequestSchema.parse(input.request);
  const { studyId, access } = input;
  const sites = visibleSites(access, 'DATA_VIEW_POPULATION', studyId, siteOfFilter(request.filter));
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, targetsOfFilter(request.filter));
    const facts = await studyFacts(tx, studyId);
    const day = dayInTimeZone(input.now, facts.timeZone);
    const pop = sql`select s.id, s.site_id, s.patient_id, ${GENDER_SQL} as gender, ${ageSql(day)} as age
      from subject s where ${subjectFilterCondition(studyId, request.filter, sites)}`;
    const figures = rowsOf<FiguresRow>(
      await tx.execute(sql`with pop as (${pop}) select
        count(*)::int as total,
        count(*) filter (where gender = 1)::int as male,
        count(*) filter (where gender = 2)::int as female,
        count(*) filter (where gender = 0)::int as unknown,
        count(age)::int as with_age,
        round(avg(age)::numeric, 1)::float8 as mean_age,
        min(age)::int as minimum_age,
        max(age)::int as maximum_age
        from pop`),
    )[0];
    const bars = rowsOf<{ bar: number; n: number }>(
      await tx.execute(sql`with pop as (${pop})
        select least(greatest(age / 10, 0), 9)::int as bar, count(*)::int as n
        from pop where age is not null group by 1`),
    );
    const { page, pageSize } = request.page;
    const people = rowsOf<{
      id: string;
      site_id: string;
      site_name: string;
      patient_id: string;
      gender: number;
      age: number | null;
    }>(
      await tx.execute(sql`with pop as (${pop})
        select pop.id, pop.site_id, site.name as site_name, pop.patient_id, pop.gender, pop.age
        from pop join site on site.study_id = ${studyId} and site.id = pop.site_id
        order by lower(pop.patient_id), pop.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
    );
    return {
      hasSites: facts.hasSites,
      hasProcesses: facts.hasProcesses,
      referenceDate: day,
      statistics: {
        total: figures?.total ?? 0,
        male: figures?.male ?? 0,
        female: figures?.female ?? 0,
        unknown: figures?.unknown ?? 0,
        withAge: figures?.with_age ?? 0,
        meanAge: figures?.mean_age ?? null,
        minimumAge: figures?.minimum_age ?? null,
        maximumAge: figures?.maximum_age ?? null,
      },
      ageDistribution: ageBuckets(new Map(bars.map((b) => [b.bar, b.n]))),
      patients: {
        total: figures?.total ?? 0,
        page,
        pageSize,
        items: people.map((p): PopulationPatient => {
          const scope = { studyId, siteId: p.site_id };
          return {
            subjectId: p.id,
            patientId: p.patient_id,
            siteId: p.site_id,
            siteName: p.site_name,
            gender: canViewSubjectField(access, 'gender', scope)
              ? GENDER_NAMES[p.gender as 0 | 1 | 2]
              : REDACTED,
            age: canViewSubjectField(access, 'dateOfBirth', scope) ? p.age : REDACTED,
          };
        }),
      },
    };
  });
}
