import { Badge, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { ImportLineStatus, ImportReportLine } from '@trialbase/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<ImportLineStatus, string> = {
  IMPORTED: 'teal',
  APPROXIMATE: 'yellow',
  LEFT_OUT: 'red',
};

type Filter = 'ALL' | 'ATTENTION';

/** Issue 27: one line per source row or item, what happened to it and why. */
export function ReportTable({ report }: { report: readonly ImportReportLine[] }) {
  const { t } = useTranslation(['common', 'imports']);
  const [filter, setFilter] = useState<Filter>('ATTENTION');
  // Lines never reorder: their place in the report is their identity.
  const numbered = useMemo(() => report.map((line, n) => ({ line, id: `line-${n}` })), [report]);
  const lines = filter === 'ALL' ? numbered : numbered.filter(({ line }) => line.status !== 'IMPORTED');
  const count = (status: ImportLineStatus) => report.filter((l) => l.status === status).length;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" data-testid="import-counts">
          {(['IMPORTED', 'APPROXIMATE', 'LEFT_OUT'] as const).map((s) => (
            <Badge key={s} color={STATUS_COLOR[s]} variant="light" tt="none">
              {t(`IMPORTS.STATUS.${s}`)}: {count(s)}
            </Badge>
          ))}
        </Group>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={[
            { value: 'ATTENTION', label: t('IMPORTS.REPORT.ATTENTION') },
            { value: 'ALL', label: t('IMPORTS.REPORT.ALL') },
          ]}
        />
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('IMPORTS.REPORT.NOTHING')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped withTableBorder fz="sm" data-testid="import-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('IMPORTS.REPORT.ITEM')}</Table.Th>
                <Table.Th>{t('IMPORTS.REPORT.RESULT')}</Table.Th>
                <Table.Th>{t('IMPORTS.REPORT.WHY')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.slice(0, 500).map(({ line, id }) => (
                <Table.Tr key={id} data-testid="import-line">
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {line.form}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {line.item}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={STATUS_COLOR[line.status]} variant="light" size="sm" tt="none">
                      {t(`IMPORTS.STATUS.${line.status}`)}
                    </Badge>
                    {line.questionType && (
                      <Text size="xs" c="dimmed">
                        {t(`FORMS.QUESTION_TYPES.${line.questionType}`, { defaultValue: line.questionType })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {line.notes.map((note) => (
                      <div key={`${note.reason}:${note.detail ?? ''}`}>
                        <Text size="sm">{t(`IMPORTS.REASONS.${note.reason}`)}</Text>
                        {note.detail && (
                          <Text
                            size="xs"
                            ff="monospace"
                            c="dimmed"
                            dir="ltr"
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {note.detail}
                          </Text>
                        )}
                      </div>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
