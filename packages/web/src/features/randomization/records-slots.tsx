import {
  type EnrollmentDetail,
  type EnrollmentStatus,
  isEnrollmentActive,
  isModuleEnabled,
} from '@trialbase/domain';
import { useStudy } from '../studies/api';
import { useEnrollmentRandomization } from './api';
import { EnrollmentRandomizationSummary, RandomizeAction } from './subject-randomization';

type SlotProps = { studyId: string; subjectId: string; enrollment: EnrollmentDetail };

/** The enrollment's randomization, read once per enrollment when the study has the module (spec 001 §6). */
function useRandomizationOf(studyId: string, enrollmentId: string) {
  const study = useStudy(studyId, { secondary: true });
  const hasModule = study.data ? isModuleEnabled(study.data, 'RANDOMIZATION') : false;
  return useEnrollmentRandomization(studyId, enrollmentId, hasModule);
}

/** Issue 22 item 3: the random id and group (or "blinded") of an enrollment, on the subject's records. */
export function EnrollmentRandomizationSlot({ studyId, subjectId, enrollment }: SlotProps) {
  const randomization = useRandomizationOf(studyId, enrollment.id);
  if (!randomization.data) return null;
  return (
    <EnrollmentRandomizationSummary
      studyId={studyId}
      subjectId={subjectId}
      randomization={randomization.data}
    />
  );
}

/** Issue 22 item 3: "Randomize" on the token of the randomization event, until the subject is allocated. */
export function RandomizeSlot({
  studyId,
  subjectId,
  enrollment,
  token,
}: SlotProps & { token: EnrollmentDetail['tokens'][number] }) {
  const randomization = useRandomizationOf(studyId, enrollment.id);
  const data = randomization.data;
  if (!data?.isRandomizationEnabled || data.randomizationEventId !== token.dataEventId) return null;
  // Once allocated the action stays mounted without its button, so the result it shows stays open.
  const canRandomize = data.allocation === null && isEnrollmentActive(enrollment.status as EnrollmentStatus);
  return (
    <RandomizeAction
      studyId={studyId}
      subjectId={subjectId}
      enrollmentId={enrollment.id}
      tokenId={token.id}
      canRandomize={canRandomize}
    />
  );
}
