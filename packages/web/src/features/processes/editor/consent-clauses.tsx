import { ActionIcon, Button, Card, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ConsentClause, DataEvent } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { LocalizedField } from './localized-field';
import { Locked } from './locked';

type ConsentClausesProps = {
  event: DataEvent;
  /** Why the explicit-consent settings cannot change (spec 001 §4 locks), or null. */
  lockReason: string | null;
  error: (...path: (string | number)[]) => string | undefined;
  onChange: (next: { explicitConsent: boolean; consentClauses: ConsentClause[] }) => void;
};

/** A clause key not used yet in this event (`clause-3`). */
function nextKey(clauses: readonly ConsentClause[]): string {
  const used = new Set(clauses.map((clause) => clause.key));
  let n = clauses.length + 1;
  while (used.has(`clause-${n}`)) n += 1;
  return `clause-${n}`;
}

/**
 * Spec 002 §4 explicit e-consent (issue 24): an e-consent event may ask each clause of its
 * document separately; each clause has a text per study language, a key its answers are recorded
 * under, and whether it must be accepted to sign. Strings of the e-consent area.
 */
export function ConsentClauses({ event, lockReason, error, onChange }: ConsentClausesProps) {
  const { t } = useTranslation(['common', 'econsent']);
  const isExplicit = event.explicitConsent === true;
  const clauses = event.consentClauses ?? [];
  const isDisabled = lockReason !== null;
  const change = (next: ConsentClause[], explicit = isExplicit) =>
    onChange({ explicitConsent: explicit, consentClauses: next });
  const update = (index: number, patch: Partial<ConsentClause>) =>
    change(clauses.map((clause, i) => (i === index ? { ...clause, ...patch } : clause)));

  return (
    <Stack gap="sm" data-testid="event-consent-clauses">
      <Text size="sm" c="dimmed">
        {t('ECONSENT.EDITOR.DOCUMENTS_HINT')}
      </Text>
      <Locked reason={lockReason}>
        <Switch
          label={t('ECONSENT.EDITOR.EXPLICIT')}
          description={t('ECONSENT.EDITOR.EXPLICIT_HINT')}
          checked={isExplicit}
          disabled={isDisabled}
          onChange={(e) => {
            const explicit = e.currentTarget.checked;
            change(
              explicit && clauses.length === 0 ? [{ key: 'clause-1', text: {}, required: true }] : clauses,
              explicit,
            );
          }}
          data-testid="event-explicit-consent"
        />
      </Locked>
      {isExplicit && (
        <Stack gap="xs">
          {clauses.map((clause, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the key is edited in place; the position is stable.
            <Card key={index} withBorder padding="sm" data-testid="event-consent-clause">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={500} size="sm">
                    {t('ECONSENT.EDITOR.CLAUSE_N', { n: index + 1 })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={isDisabled}
                    aria-label={t('ECONSENT.EDITOR.REMOVE')}
                    onClick={() => change(clauses.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <LocalizedField
                  label={t('ECONSENT.EDITOR.TEXT')}
                  value={clause.text}
                  onChange={(text) => update(index, { text })}
                  isMultiline
                  isRequired
                  isDisabled={isDisabled}
                  error={error('consentClauses', index, 'text')}
                  testId="event-consent-clause-text"
                />
                <Group align="end" gap="md" wrap="wrap">
                  <TextInput
                    label={t('ECONSENT.EDITOR.KEY')}
                    description={t('ECONSENT.EDITOR.KEY_HINT')}
                    value={clause.key}
                    disabled={isDisabled}
                    maxLength={64}
                    dir="ltr"
                    onChange={(e) =>
                      update(index, { key: e.currentTarget.value.replace(/[^A-Za-z0-9_-]/g, '') })
                    }
                    error={error('consentClauses', index, 'key')}
                    w={240}
                  />
                  <Switch
                    label={t('ECONSENT.EDITOR.REQUIRED')}
                    checked={clause.required}
                    disabled={isDisabled}
                    onChange={(e) => update(index, { required: e.currentTarget.checked })}
                    mb={6}
                  />
                </Group>
              </Stack>
            </Card>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={isDisabled || clauses.length >= 100}
              onClick={() => change([...clauses, { key: nextKey(clauses), text: {}, required: true }])}
              data-testid="event-add-clause"
            >
              {t('ECONSENT.EDITOR.ADD')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
