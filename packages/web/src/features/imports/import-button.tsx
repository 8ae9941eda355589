import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from './import-dialog';

/** Form list "Import" (issue 27): opens the import dialog. Shown to who may create forms. */
export function ImportButton({ studyId }: { studyId: string }) {
  const { t } = useTranslation(['common', 'imports']);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpened(true)}
        data-testid="import-forms"
      >
        {t('IMPORTS.BUTTON')}
      </Button>
      {opened && <ImportDialog studyId={studyId} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
