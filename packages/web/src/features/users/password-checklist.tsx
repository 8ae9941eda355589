import { Group, List, Text } from '@mantine/core';
import { IconCircle, IconCircleCheck } from '@tabler/icons-react';
import { passwordRuleStates } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { issueText } from './form-errors';

/** The password rule, live from the domain (DESIGN.md security model): one line per rule, ticked when met. */
export function PasswordChecklist({ password, email }: { password: string; email?: string | null }) {
  const { t } = useTranslation();
  const states = passwordRuleStates(password, email);
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4} id="password-rules-title">
        {t('ACCOUNTS.PASSWORD_RULES.TITLE')}
      </Text>
      <List spacing={2} size="xs" listStyleType="none" aria-labelledby="password-rules-title">
        {states
          .map((rule) => ({ ...rule, isMet: password.length > 0 && rule.isMet }))
          .map((state) => (
            <List.Item key={state.rule}>
              <Group gap={6} wrap="nowrap" c={state.isMet ? 'teal.8' : 'dimmed'}>
                {state.isMet ? (
                  <IconCircleCheck size={14} aria-hidden />
                ) : (
                  <IconCircle size={14} aria-hidden />
                )}
                <Text size="xs" c="inherit">
                  {issueText(t, { ...state, path: [] })}
                  <span className="tb-visually-hidden">
                    {` (${t(state.isMet ? 'ACCOUNTS.PASSWORD_RULES.MET' : 'ACCOUNTS.PASSWORD_RULES.NOT_MET')})`}
                  </span>
                </Text>
              </Group>
            </List.Item>
          ))}
      </List>
    </div>
  );
}
