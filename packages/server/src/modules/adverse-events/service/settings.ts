import type { AeStudySettings } from '@trialbase/domain';
import type { UseCaseContext } from '../../../platform/use-case';
import { findAeSettings, saveAeSettings } from '../repo';

/** `PUT /studies/{studyId}/aeSettings`: the study's safety contacts and sponsor involvement (issue 20 item 5). */
export async function updateAeSettings(
  ctx: UseCaseContext,
  input: { studyId: string; settings: AeStudySettings },
): Promise<AeStudySettings> {
  const before = await findAeSettings(ctx.tx, input.studyId);
  const seen = new Set<string>();
  const safetyContacts = input.settings.safetyContacts.filter((c) => {
    const key = c.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const settings = { ...input.settings, safetyContacts };
  await saveAeSettings(ctx.tx, input.studyId, settings, ctx.now);
  await ctx.audit({
    action: 'AE_SETTINGS_UPDATED',
    entityType: 'STUDY',
    entityId: input.studyId,
    studyId: input.studyId,
    before,
    after: settings,
  });
  return settings;
}
