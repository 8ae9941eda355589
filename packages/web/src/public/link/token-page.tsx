import { Title } from '@mantine/core';
import { PublicLayout } from '../app/layout';
import type { PageProps } from '../app/routes';

/** Stub: built by issue 8. */
export function TokenPage({ params }: PageProps) {
  return (
    <PublicLayout studyId={params.studyId ?? null}>
      <Title order={1}>TokenPage</Title>
    </PublicLayout>
  );
}

export function TokenUpdatePage(props: PageProps) {
  return <TokenPage {...props} />;
}
