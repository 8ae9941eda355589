import {
  Accordion,
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { isModuleEnabled, PAID_MODULES, type StudyDetail } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { MODULES_WITHOUT_SCREEN } from '../../app/shell/study-sections';
import { UnsupportedCard } from '../../components/unsupported-card';
import { useApplyEnterpriseCode, useEnableModules } from './api';

const CODE_ERRORS = ['INVALID_ENTERPRISE_CODE', 'CODE_REDEEMED', 'STUDY_HAS_CODE'] as const;
type CodeError = (typeof CODE_ERRORS)[number];
const isCodeError = (type: string | undefined): type is CodeError =>
  (CODE_ERRORS as readonly (string | undefined)[]).includes(type);

/** Paid modules of the study (spec 000 §1, §6): enabled ones, an unsupported card for each missing one. */
export function ModulesPanel({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const enable = useEnableModules(study.id);
  const apply = useApplyEnterpriseCode(study.id);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const isSystemAdmin = study.abilities.SYSTEM_ALL;
  const enabled = PAID_MODULES.filter((module) => isModuleEnabled(study, module));
  const missing = PAID_MODULES.filter((module) => !isModuleEnabled(study, module));

  const handleApply = (event: React.FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    apply.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        showSuccessToast(t('STUDY.MODULES.CODE_APPLIED'));
      },
      onError: (error) => {
        const type = isHttpError(error) ? error.body?.type : undefined;
        setCodeError(isCodeError(type) ? t(`STUDY.MODULES.CODE_ERRORS.${type}`) : t('STUDY.ERRORS.GENERIC'));
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('STUDY.MODULES.TITLE')}
        </Title>
        {study.modules.length === 0 && <Alert color="gray">{t('STUDY.MODULES.NONE')}</Alert>}
        {study.abilities.STUDY_UPDATE &&
          (study.hasEnterpriseCode ? (
            <Text size="sm">{t('STUDY.MODULES.HAS_CODE')}</Text>
          ) : (
            <form onSubmit={handleApply}>
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('STUDY.MODULES.ENTERPRISE_CODE')}
                  value={code}
                  maxLength={128}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  error={codeError}
                  style={{ flex: '1 1 200px' }}
                />
                <Button type="submit" variant="light" disabled={!code.trim()} loading={apply.isPending}>
                  {t('STUDY.MODULES.APPLY')}
                </Button>
              </Group>
            </form>
          ))}
        {enabled.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {enabled.map((module) => (
              <Card key={module} withBorder padding="sm" radius="md" data-enabled={module}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon color="green" variant="light" aria-hidden>
                    <IconCheck size={16} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600} size="sm">
                      {t(`STUDY.MODULES.NAMES.${module}`)}
                    </Text>
                    <Text size="xs" c="green.8">
                      {t('STUDY.MODULES.ENABLED')}
                    </Text>
                    {MODULES_WITHOUT_SCREEN.has(module) && (
                      <Text size="xs" c="dimmed" data-testid="module-not-yet">
                        {t('STUDY.MODULES.NO_SCREEN_YET')}
                      </Text>
                    )}
                  </div>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        {missing.length > 0 && (
          <Accordion variant="contained" chevronPosition="right">
            <Accordion.Item value="missing">
              <Accordion.Control>{t('STUDY.MODULES.MISSING', { count: missing.length })}</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  {missing.map((module) => (
                    <Stack key={module} gap={4}>
                      <UnsupportedCard module={module} />
                      {isSystemAdmin && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => enable.mutate([module])}
                          loading={enable.isPending}
                        >
                          {t('STUDY.MODULES.ENABLE')}
                        </Button>
                      )}
                    </Stack>
                  ))}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
      </Stack>
    </Card>
  );
}
