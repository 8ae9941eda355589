import {
  Badge,
  Card,
  Collapse,
  Divider,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { PATIENT_UPDATE_TIMINGS, type PatientUpdateTiming, type Process } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextInput } from '../../forms/builder/rich-text-input';
import { RandomizationEditor } from '../../randomization/randomization-editor';
import { fieldError } from '../issues';
import { textIn, withText } from '../localized';
import { fieldLockReason, useEditorContext } from './context';
import { Locked } from './locked';
import { PublicSignupSection } from './public-signup-section';

type UnscheduledKey = 'unexpectedVisit' | 'discontinueDataEvent' | 'externalDataEvent';
export const UNSCHEDULED_SETTINGS = [
  { flag: 'unexpected', forms: 'unexpectedVisit', label: 'UNEXPECTED' },
  { flag: 'discontinued', forms: 'discontinueDataEvent', label: 'DISCONTINUED' },
  { flag: 'externalDE', forms: 'externalDataEvent', label: 'EXTERNALDE' },
] as const satisfies readonly { flag: keyof Process; forms: UnscheduledKey; label: string }[];

/** Spec 001 §2/§3: the collapsible general information of a process. */
export function GeneralInfoCard() {
  const { t } = useTranslation();
  const context = useEditorContext();
  const { editor, language, forms } = context;
  const { draft, issues } = editor;
  const [isOpen, setOpen] = useState(true);
  const set = <K extends keyof Process>(key: K, value: Process[K]) =>
    editor.update((p) => ({ ...p, [key]: value }));
  const reason = (field: keyof Process) => fieldLockReason(t, context, field);
  const err = (...path: (string | number)[]) => fieldError(t, issues, path);

  return (
    <Card withBorder padding="md" radius="md" data-testid="general-info">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={isOpen} w="100%">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{t('PROCESSES.GENERAL.TITLE')}</Text>
            <Badge variant="light" color={draft.recruitment ? 'grape' : 'blue'}>
              {t(`PROCESSES.TYPES.${draft.recruitment ? 'RECRUITMENT' : 'DATA_COLLECTION'}`)}
            </Badge>
          </Group>
          {isOpen ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={isOpen}>
        <Stack gap="md" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Locked reason={reason('pathwayName')}>
              <TextInput
                label={t('PROCESSES.GENERAL.NAME')}
                withAsterisk
                maxLength={200}
                value={draft.pathwayName}
                disabled={reason('pathwayName') !== null}
                onChange={(e) => set('pathwayName', e.currentTarget.value)}
                error={err('pathwayName')}
                data-testid="process-name"
              />
            </Locked>
            <Locked reason={reason('patientUpdate')}>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('PROCESSES.GENERAL.PATIENT_UPDATE')}
                </Text>
                <SegmentedControl
                  fullWidth
                  value={draft.patientUpdate}
                  disabled={reason('patientUpdate') !== null}
                  onChange={(v) => set('patientUpdate', v as PatientUpdateTiming)}
                  data={PATIENT_UPDATE_TIMINGS.map((v) => ({
                    value: v,
                    label: t(`PROCESSES.PATIENT_UPDATE.${v}`),
                  }))}
                />
              </Stack>
            </Locked>
          </SimpleGrid>
          <Locked reason={reason('consentRequired')}>
            <Switch
              label={t('PROCESSES.GENERAL.CONSENT_REQUIRED')}
              checked={draft.consentRequired}
              disabled={reason('consentRequired') !== null}
              onChange={(e) => set('consentRequired', e.currentTarget.checked)}
              data-testid="consent-required"
            />
          </Locked>
          {draft.consentRequired && (
            <RichTextInput
              key={`consent-${language}`}
              label={t('PROCESSES.GENERAL.CONSENT_TEXT')}
              value={textIn(draft.consentText, language)}
              onChange={(html) => set('consentText', withText(draft.consentText, language, html))}
              error={err('consentText')}
              testId="consent-text"
            />
          )}
          <Divider />
          <Title order={3} fz="h5">
            {t('PROCESSES.GENERAL.UNSCHEDULED')}
          </Title>
          {UNSCHEDULED_SETTINGS.map(({ flag, forms: key, label }) => (
            <Stack key={flag} gap={6}>
              <Locked reason={reason(flag)}>
                <Switch
                  label={t(`PROCESSES.GENERAL.${label}`)}
                  checked={draft[flag]}
                  disabled={reason(flag) !== null}
                  onChange={(e) => set(flag, e.currentTarget.checked)}
                  data-testid={`switch-${flag}`}
                />
              </Locked>
              {draft[flag] && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} ps={{ base: 0, sm: 'xl' }}>
                  <MultiSelect
                    label={t('PROCESSES.GENERAL.UNSCHEDULED_FORMS')}
                    data={forms.filter((f) => !draft[key].selectedOptionalQts.includes(f.value))}
                    value={draft[key].selectedQts}
                    disabled={reason(key) !== null}
                    onChange={(v) => set(key, { ...draft[key], selectedQts: v })}
                    error={err(key, 'selectedQts')}
                    searchable
                  />
                  {flag === 'unexpected' && (
                    <MultiSelect
                      label={t('PROCESSES.GENERAL.UNSCHEDULED_OPTIONAL_FORMS')}
                      data={forms.filter((f) => !draft[key].selectedQts.includes(f.value))}
                      value={draft[key].selectedOptionalQts}
                      disabled={reason(key) !== null}
                      onChange={(v) => set(key, { ...draft[key], selectedOptionalQts: v })}
                      searchable
                    />
                  )}
                  {flag === 'externalDE' && (
                    <Switch
                      mt="lg"
                      label={t('PROCESSES.GENERAL.EXTERNAL_SIGNUP')}
                      checked={draft.externalSignup}
                      disabled={reason('externalSignup') !== null}
                      onChange={(e) => set('externalSignup', e.currentTarget.checked)}
                    />
                  )}
                </SimpleGrid>
              )}
            </Stack>
          ))}
          <Divider />
          <PublicSignupSection />
          <Divider />
          <RandomizationEditor />
        </Stack>
      </Collapse>
    </Card>
  );
}
