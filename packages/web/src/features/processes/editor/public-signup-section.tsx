import { Stack, Switch, Title } from '@mantine/core';
import type { Process } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { RichTextInput } from '../../forms/builder/rich-text-input';
import { fieldError } from '../issues';
import { textIn, withText } from '../localized';
import { fieldLockReason, useEditorContext } from './context';
import { Locked } from './locked';

type Flag = 'public' | 'publicReenroll' | 'publicIntroTextEnabled' | 'disableInvestigatorAttributesFields';

/** Spec 001 §3 public sign-up settings: public, re-enrolment, intro text, investigator fields. */
export function PublicSignupSection() {
  const { t } = useTranslation();
  const context = useEditorContext();
  const { editor, language } = context;
  const { draft } = editor;
  const set = <K extends keyof Process>(key: K, value: Process[K]) =>
    editor.update((p) => ({ ...p, [key]: value }));
  const toggle = (flag: Flag, label: string) => {
    const reason = fieldLockReason(t, context, flag);
    return (
      <Locked reason={reason}>
        <Switch
          label={label}
          checked={draft[flag]}
          disabled={reason !== null}
          onChange={(e) => set(flag, e.currentTarget.checked)}
          data-testid={`switch-${flag}`}
        />
      </Locked>
    );
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('PROCESSES.PUBLIC.TITLE')}
      </Title>
      {toggle('public', t('PROCESSES.PUBLIC.PUBLIC'))}
      {draft.public && (
        <Stack gap="sm" ps={{ base: 0, sm: 'xl' }}>
          {toggle('publicReenroll', t('PROCESSES.PUBLIC.REENROLL'))}
          {toggle('disableInvestigatorAttributesFields', t('PROCESSES.PUBLIC.NO_INVESTIGATOR_FIELDS'))}
          {toggle('publicIntroTextEnabled', t('PROCESSES.PUBLIC.INTRO_ENABLED'))}
          {draft.publicIntroTextEnabled && (
            <RichTextInput
              key={`intro-${language}`}
              label={t('PROCESSES.PUBLIC.INTRO_TEXT')}
              value={textIn(draft.publicIntroText, language)}
              onChange={(html) => set('publicIntroText', withText(draft.publicIntroText, language, html))}
              error={fieldError(t, editor.issues, ['publicIntroText'])}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
