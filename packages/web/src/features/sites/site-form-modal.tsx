import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SITE_ADDRESS_MAX,
  SITE_ENROLMENT_TARGET_MAX,
  SITE_NAME_MAX,
  SITE_NUMBER_MAX,
  SITE_PHONE_MAX,
  SiteInputSchema,
  type SiteView,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, domainResolver } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { useSaveSite } from './api';
import { siteErrorOptions } from './form-errors';

type SiteFormValues = {
  name: string;
  siteNumber: number | string;
  isPublic: boolean;
  address: string;
  contactEmail: string;
  contactPhone: string;
  enrolmentTarget: number | string;
};

type SiteFormModalProps = {
  studyId: string;
  /** The site to edit; a new site when absent. */
  site?: SiteView;
  suggestedNumber?: number;
  onClose: () => void;
};

function initialValues(site: SiteView | undefined, suggestedNumber: number | undefined): SiteFormValues {
  return {
    name: site?.name ?? '',
    siteNumber: site?.siteNumber ?? suggestedNumber ?? '',
    isPublic: site?.isPublic ?? false,
    address: site?.address ?? '',
    contactEmail: site?.contactEmail ?? '',
    contactPhone: site?.contactPhone ?? '',
    enrolmentTarget: site?.enrolmentTarget ?? '',
  };
}

function toBody(values: SiteFormValues) {
  const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: values.name,
    siteNumber: values.siteNumber === '' ? undefined : Number(values.siteNumber),
    isPublic: values.isPublic,
    address: blankToNull(values.address),
    contactEmail: blankToNull(values.contactEmail),
    contactPhone: blankToNull(values.contactPhone),
    // Empty clears the target; anything else goes as typed, so the schema can refuse 0 or a fraction.
    enrolmentTarget: values.enrolmentTarget === '' ? null : Number(values.enrolmentTarget),
  };
}

/** Create or edit a site (spec 000 §2 sites-overview), checked with the server's own schema. */
export function SiteFormModal({ studyId, site, suggestedNumber, onClose }: SiteFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveSite(studyId, site?.id);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldMessage = (field: string) =>
    t(`SITES.FORM.INVALID.${field}`, { defaultValue: t('SITES.FORM.INVALID.other') });
  const errorOptions = siteErrorOptions(fieldMessage);
  const form = useForm<SiteFormValues>({
    initialValues: initialValues(site, suggestedNumber),
    validate: domainResolver(SiteInputSchema, { ...errorOptions, toBody }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setProblem(null);
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        showSuccessToast(t(site ? 'SITES.FORM.UPDATED' : 'SITES.FORM.CREATED', { name: saved.name }));
        onClose();
      },
      onError: (error) => setProblem(applyServerErrors(form, error, errorOptions).message),
    });
  });

  return (
    <Modal opened onClose={onClose} title={t(site ? 'SITES.FORM.EDIT_TITLE' : 'SITES.FORM.CREATE_TITLE')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label={t('SITES.FIELDS.NAME')}
            required
            maxLength={SITE_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <NumberInput
            label={t('SITES.FIELDS.NUMBER')}
            description={t('SITES.FORM.NUMBER_HELP')}
            min={1}
            max={SITE_NUMBER_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('siteNumber')}
          />
          <Switch
            label={t('SITES.FIELDS.PUBLIC')}
            description={t('SITES.FORM.PUBLIC_HELP')}
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
          />
          <NumberInput
            label={t('SITES.FIELDS.TARGET')}
            description={t('SITES.FORM.TARGET_HELP')}
            min={1}
            max={SITE_ENROLMENT_TARGET_MAX}
            clampBehavior="none"
            data-testid="site-enrolment-target"
            {...form.getInputProps('enrolmentTarget')}
          />
          <Textarea
            label={t('SITES.FIELDS.ADDRESS')}
            autosize
            minRows={2}
            maxLength={SITE_ADDRESS_MAX}
            {...form.getInputProps('address')}
          />
          <TextInput type="email" label={t('SITES.FIELDS.EMAIL')} {...form.getInputProps('contactEmail')} />
          <TextInput
            type="tel"
            label={t('SITES.FIELDS.PHONE')}
            maxLength={SITE_PHONE_MAX}
            {...form.getInputProps('contactPhone')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('SITES.ACTIONS.CANCEL')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('SITES.ACTIONS.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
