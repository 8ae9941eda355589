import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  type OwnProfile,
  QUERY_NOTIFICATION_SETTINGS,
  type QueryNotificationSetting,
  type UpdateOwnProfileRequest,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { useUpdateOwnProfile } from '../users/api';

/**
 * Issue 19 item 4: the profile's query notification setting: an email per query, one daily digest,
 * or none. Saved at once with the rest of the profile unchanged (PUT /user/{id}/updateOwn).
 */
export function QueryNotificationSettingCard({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation(['common', 'queries']);
  const update = useUpdateOwnProfile(profile.id);

  const handleChange = (value: string) => {
    update.mutate(
      {
        firstName: profile.firstName,
        lastName: profile.lastName,
        language: profile.language as UpdateOwnProfileRequest['language'],
        phone: profile.phone,
        title: profile.title,
        organisation: profile.organisation,
        queryNotifications: value as QueryNotificationSetting,
      },
      {
        onSuccess: () => showSuccessToast(t('QUERIES.NOTIFICATIONS.SAVED')),
        onError: (error) => showErrorToast(serverErrorMessage(error, { fallback: 'QUERIES.DIALOG.FAILED' })),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" data-testid="query-notifications">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('QUERIES.NOTIFICATIONS.TITLE')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('QUERIES.NOTIFICATIONS.DESCRIPTION')}
        </Text>
        <Radio.Group
          value={profile.queryNotifications}
          onChange={handleChange}
          aria-label={t('QUERIES.NOTIFICATIONS.TITLE')}
        >
          <Stack gap="xs" mt={4}>
            {QUERY_NOTIFICATION_SETTINGS.map((setting) => (
              <Radio
                key={setting}
                value={setting}
                label={t(`QUERIES.NOTIFICATIONS.${setting}`)}
                disabled={update.isPending}
                data-testid={`query-notifications-${setting}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
