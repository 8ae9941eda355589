/**
 * What the enrollments module offers the other modules (issue 14 item 8): Enrolments and the study facts around them: finding and locking an enrolment, its process, its subject, the study's schedule and extended-validation settings.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export {
  type EnrollmentRow,
  findActiveEnrollmentOfSubject,
  findEnrollment,
  findEnrollmentProcess,
  findLiveProcess,
  findStudyExtendedValidation,
  findStudyScheduleInfo,
  findSubject,
  lockEnrollment,
  retagFormVersionOfEnrollments,
  type SubjectRow,
  updateEnrollment,
} from './repo';
