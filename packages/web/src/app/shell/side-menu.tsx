import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconApi,
  IconBuildingHospital,
  IconFlask,
  IconForms,
  IconLayoutDashboard,
  IconMail,
  IconRoute,
  IconSettings,
  IconShieldCheck,
  IconUserSquareRounded,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { ACCESS_MANAGE_PERMISSION, isId, type Permission, type SessionUser } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type StudyAbilities, useStudyAbilities } from '../abilities';

type SideMenuProps = { user: SessionUser; onNavigate: () => void };

type StudyEntry = {
  key: 'OVERVIEW' | 'SITES' | 'ACCESS' | 'API' | 'FORMS' | 'PROCESSES' | 'SUBJECTS';
  path: string;
  icon: typeof IconFlask;
  /** Shown when this holds (spec 000 §6); the server refuses the screen's calls otherwise. */
  isAllowed: (study: StudyAbilities) => boolean;
};

const can = (permission: Permission) => (study: StudyAbilities) => study.can(permission);

/**
 * The study's sections whose screens exist. The overview is open to study members, as the
 * server's study-member check says: STUDY_VIEW, or any role but OTHER.
 */
const STUDY_ENTRIES: readonly StudyEntry[] = [
  {
    key: 'OVERVIEW',
    path: 'overview',
    icon: IconLayoutDashboard,
    isAllowed: (study) => study.can('STUDY_VIEW') || (study.role !== null && study.role !== 'OTHER'),
  },
  { key: 'SITES', path: 'sites', icon: IconBuildingHospital, isAllowed: can('SITE_OVERVIEW') },
  { key: 'ACCESS', path: 'access', icon: IconUsersGroup, isAllowed: can(ACCESS_MANAGE_PERMISSION) },
  { key: 'API', path: 'api', icon: IconApi, isAllowed: can('API_KEY_VIEW') },
  {
    key: 'FORMS',
    path: 'questionnaireTemplate',
    icon: IconForms,
    isAllowed: can('QUESTIONNAIRE_TEMPLATE_LIST'),
  },
  { key: 'PROCESSES', path: 'pathway', icon: IconRoute, isAllowed: can('PATHWAY_LIST') },
  { key: 'SUBJECTS', path: 'patient', icon: IconUserSquareRounded, isAllowed: can('PATIENT_LIST') },
];

/** The study id of a `/study/:studyId/...` address, if any. */
function studyIdOf(pathname: string): string | undefined {
  const segment = pathname.split('/')[2];
  return pathname.startsWith('/study/') && segment && isId(segment) ? segment : undefined;
}

/**
 * The staff side menu (issue 4): inside a study only the sections the caller's abilities
 * allow; admin entries only for system administrators. Abilities refresh every 2 minutes.
 */
export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const studyId = studyIdOf(pathname);
  const study = useStudyAbilities(studyId);
  const isActive = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const studyEntries = studyId ? STUDY_ENTRIES.filter((entry) => entry.isAllowed(study)) : [];

  return (
    <ScrollArea component="nav" aria-label={t('NAV.MAIN')} type="scroll">
      <Stack gap={2}>
        <NavLink
          component={Link}
          to="/study"
          label={t('NAV.STUDIES')}
          leftSection={<IconFlask size={18} aria-hidden />}
          active={pathname === '/study'}
          onClick={onNavigate}
        />
        {studyId && studyEntries.length > 0 && (
          <Stack gap={2} role="group" aria-label={t('ACCESS.NAV.STUDY_SECTIONS')} data-testid="study-menu">
            <Divider my={6} />
            {study.studyName && (
              <Text size="xs" c="dimmed" fw={600} px="sm" pb={4} truncate="end">
                {study.studyName}
              </Text>
            )}
            {studyEntries.map((entry) => {
              const to = `/study/${studyId}/${entry.path}`;
              return (
                <NavLink
                  key={entry.key}
                  component={Link}
                  to={to}
                  label={
                    entry.key === 'FORMS'
                      ? t('FORMS.NAV')
                      : entry.key === 'PROCESSES'
                        ? t('PROCESSES.NAV')
                        : entry.key === 'SUBJECTS'
                          ? t('SUBJECTS.NAV')
                          : t(`ACCESS.NAV.${entry.key}`)
                  }
                  leftSection={<entry.icon size={18} aria-hidden />}
                  active={isActive(to)}
                  onClick={onNavigate}
                />
              );
            })}
            <Divider my={6} />
          </Stack>
        )}
        {user.isSystemAdmin && (
          <NavLink
            label={t('NAV.ADMIN')}
            leftSection={<IconSettings size={18} aria-hidden />}
            defaultOpened={isActive('/admin')}
            childrenOffset="lg"
          >
            <NavLink
              component={Link}
              to="/admin/users"
              label={t('ACCESS.NAV.USERS')}
              leftSection={<IconUsers size={16} aria-hidden />}
              active={isActive('/admin/users')}
              onClick={onNavigate}
            />
            <NavLink
              component={Link}
              to="/admin/outbox"
              label={t('NAV.OUTBOX')}
              leftSection={<IconMail size={16} aria-hidden />}
              active={isActive('/admin/outbox')}
              onClick={onNavigate}
            />
            <NavLink
              component={Link}
              to="/admin/audit"
              label={t('NAV.AUDIT')}
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              active={isActive('/admin/audit')}
              onClick={onNavigate}
            />
          </NavLink>
        )}
      </Stack>
    </ScrollArea>
  );
}
