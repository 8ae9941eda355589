import { Badge, Card, SimpleGrid, Text } from '@mantine/core';
import type { AeReportView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';

/**
 * The report's steps as tiles in signing order (like the AE status bar of spec 000 §2): each pairs the
 * signer's printed name with the signing time (21 CFR 11.50); the next step is marked.
 */
export function AeReportSteps({ report }: { report: AeReportView }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: report.steps.length }} spacing="xs" data-testid="ae-report-steps">
      {report.steps.map((step) => {
        const signature = report.signatures.find((s) => s.step === step);
        const isNext = report.nextStep === step;
        return (
          <Card
            key={step}
            withBorder
            padding="xs"
            data-testid={`ae-report-step-${step}`}
            data-signed={signature ? 'true' : 'false'}
            style={{ borderColor: signature ? 'var(--mantine-color-teal-6)' : undefined }}
          >
            <Text size="sm" fw={600}>
              {t(`AE_REPORTS.STEPS.${step}`)}
            </Text>
            {signature ? (
              <Text size="xs" data-testid="ae-report-signer">
                {t('AE_REPORTS.REVIEW.SIGNED_BY', {
                  name: signature.signedByName,
                  time: formatDateTime(signature.signedTime),
                })}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {t('AE_REPORTS.REVIEW.NOT_SIGNED')}
              </Text>
            )}
            {isNext && (
              <Badge size="xs" mt={4} variant="light">
                {t('AE_REPORTS.REVIEW.NEXT', { step: t(`AE_REPORTS.STEPS.${step}`) })}
              </Badge>
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
