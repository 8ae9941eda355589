import { Title } from '@mantine/core';
import { PublicLayout } from '../app/layout';
import type { PageProps } from '../app/routes';

/** Stub: built by issue 8. */
export function FillPage({ params }: PageProps) {
  return (
    <PublicLayout studyId={params.studyId ?? null}>
      <Title order={1}>FillPage</Title>
    </PublicLayout>
  );
}
