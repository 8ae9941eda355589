/**
 * The reports of spec 000 §2 (reports-verification, reports-site-report; routes /reports/verification
 * and /reports/site; issue 25 item 5): the share of answers verified per site and form, and per site
 * the enrolment against its target, recruitment per month and events completed on time.
 */
import {
  type AccessUser,
  type ReportQuery,
  ReportQuerySchema,
  type SiteReport,
  shareOf,
  type VerificationReport,
} from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { assertFilterTargets, readView, rowsOf, siteCondition, studyFacts, visibleSites } from './scope';
import { foldAnswerTallies } from './tallies';

type VerificationRow = {
  site_id: string;
  site_name: string;
  form_id: string;
  form_name: string;
  forms: number;
  answers: number;
  v1: number;
  v2: number;
};

/** 000 §2 reports-verification: per site and form, answers verified primary and secondary. */
export async function viewVerificationReport(
  db: Executor,
  input: { studyId: string; query: ReportQuery; access: AccessUser },
): Promise<VerificationReport> {
  const query = ReportQuerySchema.parse(input.query);
  const { studyId } = input;
  const sites = visibleSites(input.access, 'REPORTING_VERIFICATION', studyId, query.siteId);
  // answer_tally counts the filled forms written since the last fold once folded (tallies.ts).
  await foldAnswerTallies(db, studyId);
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, { siteId: query.siteId });
    const facts = await studyFacts(tx, studyId);
    const rows = rowsOf<VerificationRow>(
      await tx.execute(sql`
        select q.site_id, site.name as site_name, q.form_id, f.name as form_name, count(*)::int as forms,
          coalesce(sum(at.held), 0)::int as answers, coalesce(sum(at.verified), 0)::int as v1,
          coalesce(sum(at.secondary_verified), 0)::int as v2
        from questionnaire q
          join site on site.study_id = q.study_id and site.id = q.site_id
          join form_template f on f.study_id = q.study_id and f.id = q.form_id
          left join answer_tally at on at.study_id = q.study_id and at.questionnaire_id = q.id
        where q.study_id = ${studyId} and ${siteCondition(sql`q.site_id`, sites)}
          and q.status <> 'STATUS_NOT_STARTED'
        group by q.site_id, site.name, site.site_number, q.form_id, f.name
        order by site.site_number, q.site_id, lower(f.name), q.form_id`),
    );
    const sum = (pick: (r: VerificationRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
    const answers = sum((r) => r.answers);
    const v1 = sum((r) => r.v1);
    const v2 = sum((r) => r.v2);
    return {
      verificationTypes: facts.verificationTypes,
      rows: rows.map((r) => ({
        siteId: r.site_id,
        siteName: r.site_name,
        formId: r.form_id,
        formName: r.form_name,
        forms: r.forms,
        answers: r.answers,
        verifiedPrimary: r.v1,
        verifiedSecondary: r.v2,
        primaryShare: shareOf(r.v1, r.answers),
        secondaryShare: shareOf(r.v2, r.answers),
      })),
      totals: {
        forms: sum((r) => r.forms),
        answers,
        verifiedPrimary: v1,
        verifiedSecondary: v2,
        primaryShare: shareOf(v1, answers),
        secondaryShare: shareOf(v2, answers),
      },
    };
  });
}

type SiteRow = {
  id: string;
  name: string;
  site_number: number;
  target: number | null;
  subjects: number;
  enrollments: number;
  due: number;
  on_time: number;
  late: number;
};

/**
 * 000 §2 reports-site-report: enrolment against the site's target (site.enrolment_target, set on the
 * site form) with the study total over the sites shown, subjects registered per month in the study's time zone, and events due
 * so far completed on time (before their expiry, or without one) or late.
 */
export async function viewSiteReport(
  db: Executor,
  input: { studyId: string; query: ReportQuery; access: AccessUser; now: Date },
): Promise<SiteReport> {
  const query = ReportQuerySchema.parse(input.query);
  const { studyId } = input;
  const sites = visibleSites(input.access, 'REPORTING_SITE', studyId, query.siteId);
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, { siteId: query.siteId });
    const facts = await studyFacts(tx, studyId);
    const now = input.now.toISOString();
    const rows = rowsOf<SiteRow>(
      await tx.execute(sql`select site.id, site.name, site.site_number,
          site.enrolment_target as target,
          (select count(*)::int from subject s where s.study_id = site.study_id and s.site_id = site.id) as subjects,
          (select count(*)::int from enrollment e2 where e2.study_id = site.study_id and e2.site_id = site.id) as enrollments,
          coalesce(ev.due, 0)::int as due,
          coalesce(ev.on_time, 0)::int as on_time, coalesce(ev.late, 0)::int as late
        from site left join (
          select e.site_id,
            count(t.id) filter (where t.activation_time <= ${now}::timestamptz
              and t.status not in ('DISABLED', 'EXCLUDED', 'NOT_ACTIVE')) as due,
            count(t.id) filter (where t.status = 'COMPLETED'
              and (t.expiry_time is null or t.completed_time <= t.expiry_time)) as on_time,
            count(t.id) filter (where t.status = 'COMPLETED' and t.completed_time > t.expiry_time) as late
          from enrollment e join token t on t.study_id = e.study_id and t.enrollment_id = e.id
            and t.removed_at is null
          where e.study_id = ${studyId} group by e.site_id) ev on ev.site_id = site.id
        where site.study_id = ${studyId} and ${siteCondition(sql`site.id`, sites)}
        order by site.site_number, site.id`),
    );
    const months = rowsOf<{ month: string; site_id: string; n: number }>(
      await tx.execute(sql`select to_char(s.created_at at time zone ${facts.timeZone}, 'YYYY-MM') as month,
          s.site_id, count(*)::int as n
        from subject s where s.study_id = ${studyId} and ${siteCondition(sql`s.site_id`, sites)}
        group by 1, 2 order by 1, 2`),
    );
    const sum = (pick: (r: SiteRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
    const withTarget = rows.filter((r) => r.target !== null);
    const target = withTarget.length > 0 ? withTarget.reduce((n, r) => n + (r.target ?? 0), 0) : null;
    const towardTarget = withTarget.reduce((n, r) => n + r.subjects, 0);
    return {
      sites: rows.map((r) => ({
        siteId: r.id,
        siteName: r.name,
        siteNumber: r.site_number,
        target: r.target,
        subjects: r.subjects,
        enrollments: r.enrollments,
        targetShare: r.target ? shareOf(r.subjects, r.target) : null,
        eventsDue: r.due,
        eventsOnTime: r.on_time,
        eventsLate: r.late,
      })),
      totals: {
        target,
        subjects: sum((r) => r.subjects),
        subjectsTowardTarget: towardTarget,
        enrollments: sum((r) => r.enrollments),
        targetShare: target ? shareOf(towardTarget, target) : null,
        sitesWithoutTarget: rows.length - withTarget.length,
        eventsDue: sum((r) => r.due),
        eventsOnTime: sum((r) => r.on_time),
        eventsLate: sum((r) => r.late),
      },
      recruitment: months.map((m) => ({ month: m.month, siteId: m.site_id, count: m.n })),
    };
  });
}
