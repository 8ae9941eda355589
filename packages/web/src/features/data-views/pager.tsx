import { Group, Pagination, Select, Text } from '@mantine/core';
import { DATA_VIEW_PAGE_SIZES } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from './format';

export type PageSize = (typeof DATA_VIEW_PAGE_SIZES)[number];
export type PageState = { page: number; pageSize: PageSize };
export const FIRST_PAGE: PageState = { page: 1, pageSize: 25 };

type PagerProps = {
  total: number;
  value: PageState;
  onChange: (next: PageState) => void;
  testId: string;
};

/** The page size (spec 000 §9: 5, 10, 15, 25, 50, 100) and page of a data table. */
export function Pager({ total, value, onChange, testId }: PagerProps) {
  const { t } = useTranslation(['common', 'data-views']);
  const format = useNumberFormat();
  const pages = Math.max(1, Math.ceil(total / value.pageSize));
  return (
    <Group justify="space-between" mt="sm" wrap="wrap" gap="sm" data-testid={testId}>
      <Group gap="sm" wrap="nowrap">
        <Select
          label={t('DATA_VIEWS.PAGE_SIZE')}
          data={DATA_VIEW_PAGE_SIZES.map((n) => ({ value: String(n), label: format.number(n) }))}
          value={String(value.pageSize)}
          onChange={(next) => next && onChange({ page: 1, pageSize: Number(next) as PageSize })}
          allowDeselect={false}
          w={110}
          size="xs"
          data-testid={`${testId}-size`}
        />
        <Text size="sm" c="dimmed" mt={20}>
          {t('DATA_VIEWS.ROWS', { count: total, formatted: format.number(total) })}
        </Text>
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={value.page}
          onChange={(page) => onChange({ ...value, page })}
          size="sm"
          siblings={0}
          aria-label={t('DATA_VIEWS.PAGES')}
        />
      )}
    </Group>
  );
}
