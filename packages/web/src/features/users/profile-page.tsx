import { Alert, Loader, Paper, Tabs } from '@mantine/core';
import { IconForms, IconInfoCircle, IconKey, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../auth/api';
import { QueryNotificationSettingCard } from '../queries/query-notification-setting';
import { useOwnProfile } from './api';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { ProfileFormsTab } from './profile-forms-tab';

const TABS = ['profile', 'password', 'forms'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** /profile/{id}?selectedOption=: profile, password (own profile only) and forms tabs (spec 001 §2). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSession();
  const isOwn = session.data?.user.id === id;
  const profile = useOwnProfile(id, isOwn);
  const requested = searchParams.get('selectedOption');
  const tab: Tab = isTab(requested) && (requested !== 'password' || isOwn) ? requested : 'profile';

  const handleTabChange = (value: string | null) => {
    if (isTab(value)) setSearchParams({ selectedOption: value }, { replace: true });
  };

  return (
    <>
      <PageHeader crumbs={[{ label: t('ACCOUNTS.PROFILE.TITLE') }]} />
      {!isOwn ? (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          {t('ACCOUNTS.PROFILE.NOT_OWN')}
        </Alert>
      ) : (
        <Tabs value={tab} onChange={handleTabChange} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
              {t('ACCOUNTS.PROFILE.TABS.PROFILE')}
            </Tabs.Tab>
            <Tabs.Tab value="password" leftSection={<IconKey size={16} aria-hidden />}>
              {t('ACCOUNTS.PROFILE.TABS.PASSWORD')}
            </Tabs.Tab>
            <Tabs.Tab value="forms" leftSection={<IconForms size={16} aria-hidden />}>
              {t('ACCOUNTS.PROFILE.TABS.FORMS')}
            </Tabs.Tab>
          </Tabs.List>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
            <Tabs.Panel value="profile">
              {profile.data ? (
                <>
                  <ProfileForm profile={profile.data} />
                  <QueryNotificationSettingCard profile={profile.data} />
                </>
              ) : (
                <Loader size="sm" />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="password">
              <PasswordForm userId={id} email={profile.data?.email ?? session.data?.user.email ?? ''} />
            </Tabs.Panel>
            <Tabs.Panel value="forms">
              <ProfileFormsTab />
            </Tabs.Panel>
          </Paper>
        </Tabs>
      )}
    </>
  );
}
