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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import {
  applyServerErrors,
  catalogLookup,
  domainResolver,
  type ServerErrorOptions,
} from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useSites } from '../sites/api';
import { useInviteAccess, useUpdateAccess } from './api';

type Values = { email: string; role: InvitableRole | ''; scope: 'ALL' | 'SITES'; siteIds: string[] };

const FIELDS = ['email', 'role', 'siteIds', 'scope'] as const;
type Field = (typeof FIELDS)[number];

type AccessFormModalProps = {
  studyId: string;
  /** The access to change; an invitation when absent. */
  access?: StudyAccess;
  onClose: () => void;
};

/** The access area's messages for a failed call (by id, type, status), before the shared catalog's. */
const ACCESS_ERRORS: ServerErrorOptions = {
  idFields: { DUPLICATE_NAME: 'email' },
  messages: {
    DUPLICATE_NAME: 'ACCESS.EMAIL_DUPLICATE',
    PRECONDITION: 'ACCESS.ERRORS.LAST_ADMIN',
    '403': 'ACCESS.ERRORS.FORBIDDEN',
  },
  fallback: 'ACCESS.ERRORS.GENERAL',
};

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
  const fieldMessage = (field: string) =>
    FIELDS.includes(field as Field) ? t(`ACCESS.FORM.INVALID.${field as Field}`) : null;
  const errorOptions: ServerErrorOptions = { ...ACCESS_ERRORS, fields: FIELDS, fieldMessage };
  const translateIssue = (message: string, field: Field) =>
    catalogLookup(message) ?? t(`ACCESS.FORM.INVALID.${field}`);
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
      const errors = domainResolver<Values>(access ? UpdateAccessSchema : InviteAccessSchema, {
        ...errorOptions,
        toBody,
      })(values);
      const siteIssues = sites.data
        ? validateAccessSites(
            body.siteIds,
            sites.data.sites.map((site) => site.id),
          )
        : [];
      for (const issue of siteIssues) errors.siteIds ??= translateIssue(issue.message, 'siteIds');
      return errors;
    },
  });

  const handleError = (error: unknown) => setProblem(applyServerErrors(form, error, errorOptions).message);

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
