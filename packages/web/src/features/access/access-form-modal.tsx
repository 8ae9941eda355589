import { Alert, Button, Group, Modal, MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCESS_EMAIL_MAX_LENGTH,
  INVITABLE_ROLES,
  type InvitableRole,
  InviteAccessSchema,
  type StudyAccess,
  UpdateAccessSchema,
  validateAccessSites,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { isHttpError } from '../../app/http';
import { showSuccessToast } from '../../app/notify';
import { useSites } from '../sites/api';
import { useInviteAccess, useUpdateAccess } from './api';

type Values = { email: string; role: InvitableRole | ''; scope: 'ALL' | 'SITES'; siteIds: string[] };
type Issue = { path: readonly PropertyKey[]; message: string };

type AccessFormModalProps = {
  studyId: string;
  /** The access to change; an invitation when absent. */
  access?: StudyAccess;
  onClose: () => void;
};

const ISSUE_KEYS = [
  'ACCESS.EMAIL_DUPLICATE',
  'ACCESS.EMAIL_INVALID',
  'ACCESS.EMAIL_TOO_LONG',
  'ACCESS.SITES_REQUIRED',
  'ACCESS.SITE_UNKNOWN',
  'ACCESS.SITES_DUPLICATE',
] as const;
const FIELDS = ['email', 'role', 'siteIds', 'scope'] as const;
type Field = (typeof FIELDS)[number];
const isIssueKey = (message: string): message is (typeof ISSUE_KEYS)[number] =>
  (ISSUE_KEYS as readonly string[]).includes(message);
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

/** Field errors from domain or server issues: our ACCESS.* keys translated, others per field. */
function toFieldErrors(issues: readonly Issue[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!isField(field) || errors[field]) continue;
    errors[field] = isIssueKey(issue.message) ? t(issue.message) : t(`ACCESS.FORM.INVALID.${field}`);
  }
  return errors;
}

function toBody(values: Values) {
  return {
    email: values.email,
    role: values.role,
    siteIds: values.scope === 'ALL' ? ('ALL' as const) : values.siteIds,
  };
}

/** Issue 4: invite by email, or change role and sites, checked with the server's own schemas. */
export function AccessFormModal({ studyId, access, onClose }: AccessFormModalProps) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const sites = useSites(studyId, { enabled: abilities.can('SITE_OVERVIEW'), secondary: true });
  const invite = useInviteAccess(studyId);
  const update = useUpdateAccess(studyId);
  const [problem, setProblem] = useState<string | null>(null);
  const siteOptions = (sites.data?.sites ?? []).map((site) => ({
    value: site.id,
    label: `${site.siteNumber} · ${site.name}`,
  }));
  const isInvitable = (role: string): role is InvitableRole =>
    (INVITABLE_ROLES as readonly string[]).includes(role);

  const form = useForm<Values>({
    initialValues: {
      email: access?.email ?? '',
      role: access && isInvitable(access.role) ? access.role : '',
      scope: access && access.siteIds !== 'ALL' ? 'SITES' : 'ALL',
      siteIds: access && access.siteIds !== 'ALL' ? access.siteIds : [],
    },
    validate: (values) => {
      const body = toBody(values);
      const parsed = access ? UpdateAccessSchema.safeParse(body) : InviteAccessSchema.safeParse(body);
      const issues: Issue[] = parsed.success ? [] : [...parsed.error.issues];
      if (sites.data)
        issues.push(
          ...validateAccessSites(
            body.siteIds,
            sites.data.sites.map((site) => site.id),
          ),
        );
      return toFieldErrors(issues, t);
    },
  });

  const handleError = (error: unknown) => {
    if (isHttpError(error) && error.body?.id === 'DUPLICATE_NAME') {
      form.setFieldError('email', t('ACCESS.EMAIL_DUPLICATE'));
    } else if (isHttpError(error) && error.status === 400 && error.body?.context?.issues) {
      form.setErrors(toFieldErrors(error.body.context.issues, t));
    } else if (isHttpError(error) && error.body?.type === 'PRECONDITION') {
      setProblem(t('ACCESS.ERRORS.LAST_ADMIN'));
    } else if (isHttpError(error) && error.status === 403) {
      setProblem(t('ACCESS.ERRORS.FORBIDDEN'));
    } else {
      setProblem(t('ACCESS.ERRORS.GENERAL'));
    }
  };

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    const body = toBody(values);
    if (body.role === '') return;
    const role = body.role;
    if (access) {
      update.mutate(
        { accessId: access.id, body: { role, siteIds: body.siteIds } },
        {
          onSuccess: (saved) => {
            showSuccessToast(t('ACCESS.FORM.CHANGED', { email: saved.email }));
            onClose();
          },
          onError: handleError,
        },
      );
    } else {
      invite.mutate(
        { email: body.email, role, siteIds: body.siteIds },
        {
          onSuccess: (saved) => {
            showSuccessToast(
              t(saved.status === 'ACTIVE' ? 'ACCESS.FORM.ADDED' : 'ACCESS.FORM.INVITED', {
                email: saved.email,
              }),
            );
            onClose();
          },
          onError: handleError,
        },
      );
    }
  });

  return (
    <Modal opened onClose={onClose} title={t(access ? 'ACCESS.FORM.EDIT_TITLE' : 'ACCESS.FORM.INVITE_TITLE')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            type="email"
            label={t('ACCESS.FIELDS.EMAIL')}
            required={!access}
            disabled={Boolean(access)}
            maxLength={ACCESS_EMAIL_MAX_LENGTH}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('email')}
          />
          <Select
            label={t('ACCESS.FIELDS.ROLE')}
            required
            allowDeselect={false}
            data={INVITABLE_ROLES.map((role) => ({ value: role, label: t(`ACCESS.ROLES.${role}`) }))}
            description={form.values.role ? t(`ACCESS.ROLE_HELP.${form.values.role}`) : undefined}
            {...form.getInputProps('role')}
          />
          <Radio.Group label={t('ACCESS.FIELDS.SCOPE')} {...form.getInputProps('scope')}>
            <Stack gap={6} mt={6}>
              <Radio value="ALL" label={t('ACCESS.SCOPE.ALL')} />
              <Radio value="SITES" label={t('ACCESS.SCOPE.SITES')} />
            </Stack>
          </Radio.Group>
          {form.values.scope === 'SITES' && (
            <MultiSelect
              label={t('ACCESS.FIELDS.SITES')}
              placeholder={siteOptions.length === 0 ? t('ACCESS.FORM.NO_SITES') : undefined}
              data={siteOptions}
              searchable
              required
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('siteIds')}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('ACCESS.ACTIONS.CANCEL')}
            </Button>
            <Button type="submit" loading={invite.isPending || update.isPending}>
              {t(access ? 'ACCESS.ACTIONS.SAVE' : 'ACCESS.ACTIONS.SEND_INVITE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
