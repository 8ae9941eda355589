import { Button, Menu, ScrollArea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { QUESTION_TYPES, type QuestionType } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

/** Spec 001 §3: adds a question of any of the 22 types. */
export function AddQuestionMenu({ onAdd }: { onAdd: (type: QuestionType) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} data-testid="add-question">
          {t('FORMS.BUILDER.ADD_QUESTION')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={360} type="auto">
          {QUESTION_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => onAdd(type)} data-testid={`add-${type}`}>
              {t(`FORMS.QUESTION_TYPES.${type}`)}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
