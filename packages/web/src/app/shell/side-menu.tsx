import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFlask, IconMail, IconSettings, IconShieldCheck, IconUsers } from '@tabler/icons-react';
import { isId, type SessionUser } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useStudy } from '../../features/studies/api';
import { useStudyAbilities } from '../abilities';
import { PENDING_SECTIONS, pendingSectionsFor, STUDY_SECTIONS, type StudySection } from './study-sections';

type SideMenuProps = { user: SessionUser; onNavigate: () => void };

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
  const studyEntries = studyId ? STUDY_SECTIONS.filter((entry) => entry.isAllowed(study)) : [];
  // The study's modules decide which pending module sections to list; only asked for when
  // the caller may read the study and would be allowed one of them. Not secondary: it shares
  // the study pages' cache entry, and a refused study read means the study was taken away.
  const needsModules = PENDING_SECTIONS.some((section) => section.module && section.isAllowed(study));
  const studyDetail = useStudy(studyId ?? '', {
    enabled: Boolean(studyId) && needsModules && study.can('STUDY_VIEW'),
  });
  const pendingEntries = studyId ? pendingSectionsFor(study, studyDetail.data?.modules) : [];
  const renderEntry = (entry: StudySection, isPending: boolean) => {
    const to = `/study/${studyId}/${entry.path}`;
    return (
      <NavLink
        key={entry.key}
        component={Link}
        to={to}
        label={t(entry.label as 'NAV.DATA')}
        description={isPending ? t('NAV.NOT_YET') : undefined}
        leftSection={<entry.icon size={18} aria-hidden />}
        active={isActive(to)}
        onClick={onNavigate}
        data-testid={`nav-${entry.key.toLowerCase()}`}
        data-pending={isPending || undefined}
      />
    );
  };

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
          <Stack gap={2} role="group" aria-label={t('NAV.STUDY_SECTIONS')} data-testid="study-menu">
            <Divider my={6} />
            {study.studyName && (
              <Text size="xs" c="dimmed" fw={600} px="sm" pb={4} truncate="end">
                {study.studyName}
              </Text>
            )}
            {studyEntries.map((entry) => renderEntry(entry, false))}
            {pendingEntries.length > 0 && (
              <Stack gap={2} role="group" aria-label={t('NAV.NOT_YET_GROUP')} data-testid="pending-menu">
                {pendingEntries.map((entry) => renderEntry(entry, true))}
              </Stack>
            )}
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
              label={t('NAV.USERS')}
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
