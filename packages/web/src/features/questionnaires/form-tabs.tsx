import { ActionIcon, Group, ScrollArea, Tabs, Text, Tooltip, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { FormStatus } from '@trialbase/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatusIcon, VerificationIcon, type VerificationLevel } from './status-icons';

export type FormTab = {
  formId: string;
  title: string;
  status: FormStatus;
  verified: readonly VerificationLevel[];
  /** Not reachable yet: the data event forces the order and an earlier form is open. */
  isLocked: boolean;
  isDirty: boolean;
};

type FormTabsProps = {
  tabs: readonly FormTab[];
  activeFormId: string;
  onSelect: (formId: string) => void;
  children: ReactNode;
};

/**
 * Spec 001 §2 tabbed navigation: one tab per form of the data event with its status and verification
 * icons, and previous/next arrows (mirrored in right-to-left). Locked tabs respect a forced form order.
 */
export function FormTabs({ tabs, activeFormId, onSelect, children }: FormTabsProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const index = tabs.findIndex((tab) => tab.formId === activeFormId);
  const previous = tabs[index - 1];
  const next = tabs[index + 1];
  const PreviousIcon = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const NextIcon = dir === 'rtl' ? IconChevronLeft : IconChevronRight;

  return (
    <Tabs value={activeFormId} onChange={(value) => value && onSelect(value)} keepMounted={false}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Tooltip label={t('QUESTIONNAIRES.TABS.PREVIOUS')}>
          <ActionIcon
            variant="default"
            aria-label={t('QUESTIONNAIRES.TABS.PREVIOUS')}
            disabled={!previous || previous.isLocked}
            onClick={() => previous && onSelect(previous.formId)}
            data-testid="tab-previous"
          >
            <PreviousIcon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <ScrollArea type="auto" scrollbarSize={6} style={{ flex: 1 }} offsetScrollbars="x">
          <Tabs.List aria-label={t('QUESTIONNAIRES.TABS.LABEL')} style={{ flexWrap: 'nowrap' }}>
            {tabs.map((tab) => (
              <Tooltip
                key={tab.formId}
                label={t('QUESTIONNAIRES.TABS.LOCKED_ORDER')}
                disabled={!tab.isLocked}
              >
                <Tabs.Tab
                  value={tab.formId}
                  disabled={tab.isLocked}
                  leftSection={<FormStatusIcon status={tab.status} size={16} />}
                  rightSection={
                    tab.verified.length > 0 ? (
                      <Group gap={0} wrap="nowrap">
                        {tab.verified.map((level) => (
                          <VerificationIcon key={level} level={level} size={14} />
                        ))}
                      </Group>
                    ) : undefined
                  }
                  data-testid="form-tab"
                  data-status={tab.status}
                >
                  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {tab.title}
                    {tab.isDirty && (
                      <Text span c="orange.8" ms={4} aria-label={t('QUESTIONNAIRES.HINTS.UNSAVED')}>
                        •
                      </Text>
                    )}
                  </Text>
                </Tabs.Tab>
              </Tooltip>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tooltip label={t('QUESTIONNAIRES.TABS.NEXT')}>
          <ActionIcon
            variant="default"
            aria-label={t('QUESTIONNAIRES.TABS.NEXT')}
            disabled={!next || next.isLocked}
            onClick={() => next && onSelect(next.formId)}
            data-testid="tab-next"
          >
            <NextIcon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed" mt={4} ta="center">
        {t('QUESTIONNAIRES.TABS.POSITION', { current: index + 1, total: tabs.length })}
      </Text>
      <Tabs.Panel value={activeFormId} pt="md">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
