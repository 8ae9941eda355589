import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Crumb, PRODUCT_NAME, useDocumentTitle } from './document-title';

type PageHeaderProps = {
  /** Trail from the top level to this page; the last crumb is the page title. */
  crumbs: readonly Crumb[];
  description?: string;
  actions?: React.ReactNode;
};

/** Breadcrumbs, page title and actions; the breadcrumbs also set document.title. */
export function PageHeader({ crumbs, description, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(crumbs);
  const title = crumbs[crumbs.length - 1]?.label ?? PRODUCT_NAME;
  return (
    <Stack gap={4} mb="lg">
      {crumbs.length > 1 && (
        <Breadcrumbs aria-label={t('NAV.BREADCRUMBS')} fz="sm">
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to}>
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} span fz="sm" c="dimmed">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
