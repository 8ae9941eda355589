import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Site = { siteId: string; siteName: string };

/** The site a report is narrowed to; none is every site of the caller. */
export function ReportSiteSelect({
  sites,
  value,
  onChange,
}: {
  sites: readonly Site[];
  value: string;
  onChange: (siteId: string) => void;
}) {
  const { t } = useTranslation(['common', 'data-views']);
  const unique = [...new Map(sites.map((s) => [s.siteId, s.siteName])).entries()];
  return (
    <Select
      label={t('DATA_VIEWS.FILTER.FIELDS.SITE')}
      placeholder={t('DATA_VIEWS.FILTER.ALL_SITES')}
      data={unique.map(([id, name]) => ({ value: id, label: name }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
      maw={360}
      mb="md"
      data-testid="report-site"
    />
  );
}
