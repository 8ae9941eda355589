import { Select, Tabs } from '@mantine/core';
import type { TranslationArea, TranslationUnitEdit } from '@trialbase/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage, serverIssues } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { useSaveTranslations, useTranslationOverview, useTranslationResource } from './api';
import { translationCrumbs } from './crumbs';
import { editorGroupsOf, languageLabel } from './model';
import { type EditorSaveResult, TranslationEditor } from './translation-editor';
import { errorsByUnit } from './unit-errors';
import { XliffActions } from './xliff-actions';

const AREA_PATHS: Record<TranslationArea, string> = { FORMS: 'forms', PATHWAYS: 'pathways', RULES: 'rules' };
const LANGUAGE_LIST = { page: 1, pageSize: 100 } as const;

/** The study's languages to translate into, and the chosen one (`?language`, else the first). */
function useTargetLanguage(studyId: string) {
  const [search, setSearch] = useSearchParams();
  const overview = useTranslationOverview(studyId, LANGUAGE_LIST);
  const languages = overview.data?.items.map((row) => row.language) ?? [];
  const asked = search.get('language');
  const first = languages[0];
  useEffect(() => {
    if (!asked && first) {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('language', first);
          return next;
        },
        { replace: true },
      );
    }
  }, [asked, first, setSearch]);
  return { overview, languages, language: asked ?? first ?? null };
}

/**
 * One translation screen (spec 001 §2 /translate/forms, /translate/pathways, /translate/rules):
 * the area's texts in the primary language beside the chosen study language, saved together.
 */
function TranslationScreen({ area }: { area: TranslationArea }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { studyId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const abilities = useStudyAbilities(studyId);
  const { overview, languages, language } = useTargetLanguage(studyId);
  const formId = area === 'PATHWAYS' ? (search.get('questionnaireTemplateId') ?? undefined) : undefined;
  const resource = useTranslationResource(studyId, area, language, formId);
  const formsForFilter = useTranslationResource(studyId, 'FORMS', area === 'PATHWAYS' ? language : null);
  const save = useSaveTranslations(studyId, area, language ?? '', formId);
  const groups = useMemo(() => (resource.data ? editorGroupsOf(resource.data, t) : []), [resource.data, t]);

  if (abilities.isPending) return <FullPageLoader />;
  if (!abilities.can('STUDY_TRANSLATIONS')) return <Navigate to="/401" replace />;

  const titleKey = `TRANSLATIONS.EDITOR.TITLE_${area}` as const;
  const pageTitle = language ? `${t(titleKey)} · ${languageLabel(language)}` : t(titleKey);
  const primary = resource.data?.primaryLanguage ?? overview.data?.primaryLanguage ?? 'en';

  const handleSave = async (changes: Record<string, string>): Promise<EditorSaveResult | null> => {
    const units: TranslationUnitEdit[] = Object.entries(changes).map(([id, target]) => ({ id, target }));
    try {
      await save.mutateAsync(units);
      showSuccessToast(t('TRANSLATIONS.EDITOR.SAVED', { count: units.length }));
      return null;
    } catch (error) {
      const { byUnit, unplaced } = errorsByUnit(serverIssues(error), units, t);
      const placed = Object.keys(byUnit).length;
      return {
        fieldErrors: byUnit,
        message:
          placed > 0 && unplaced === 0
            ? t('TRANSLATIONS.EDITOR.FIX_FIELDS')
            : serverErrorMessage(error, { fallback: 'TRANSLATIONS.EDITOR.SAVE_FAILED' }),
      };
    }
  };

  const setParam = (name: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const toolbar = (
    <>
      <Select
        label={t('TRANSLATIONS.EDITOR.LANGUAGE')}
        data={languages.map((code) => ({ value: code, label: languageLabel(code) }))}
        value={language}
        onChange={(value) => value && setParam('language', value)}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
        data-testid="translation-language"
      />
      {area === 'PATHWAYS' && (
        <Select
          label={t('TRANSLATIONS.EDITOR.FORM_FILTER')}
          placeholder={t('TRANSLATIONS.EDITOR.ALL_PROCESSES')}
          data={(formsForFilter.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }))}
          value={formId ?? null}
          onChange={(value) => setParam('questionnaireTemplateId', value)}
          clearable
          w={{ base: '100%', xs: 240 }}
          data-testid="translation-form-filter"
        />
      )}
    </>
  );

  return (
    <>
      <PageHeader
        crumbs={translationCrumbs(t, { studyId, studyName: abilities.studyName, page: pageTitle })}
        description={t('TRANSLATIONS.EDITOR.INTRO', { language: languageLabel(primary) })}
        actions={
          language && (
            <XliffActions
              studyId={studyId}
              language={language}
              canImport={resource.data?.isEditable ?? false}
            />
          )
        }
      />
      <Tabs
        value={area}
        onChange={(value) => {
          if (value && value !== area) {
            void navigate(
              `/study/${studyId}/translate/${AREA_PATHS[value as TranslationArea]}?language=${language ?? ''}`,
            );
          }
        }}
        mb="md"
      >
        <Tabs.List>
          {(['FORMS', 'PATHWAYS', 'RULES'] as const).map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`translation-tab-${tab.toLowerCase()}`}>
              {t(`TRANSLATIONS.AREAS.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {languages.length === 0 && overview.isSuccess ? (
        <Navigate to={`/study/${studyId}/translations`} replace />
      ) : resource.isPending ? (
        <FullPageLoader />
      ) : (
        <TranslationEditor
          groups={groups}
          primaryLanguage={primary}
          targetLanguage={language ?? primary}
          isLocked={resource.data?.isEditable === false}
          isSaving={save.isPending}
          onSave={handleSave}
          toolbar={toolbar}
        />
      )}
    </>
  );
}

/** /study/:studyId/translate/forms?language (spec 001 §2 form translation). */
export function FormTranslationPage() {
  return <TranslationScreen area="FORMS" />;
}

/** /study/:studyId/translate/pathways?language&questionnaireTemplateId (spec 001 §2 process translation). */
export function PathwayTranslationPage() {
  return <TranslationScreen area="PATHWAYS" />;
}

/** /study/:studyId/translate/rules?language (spec 001 §2 validation-rule translation). */
export function RuleTranslationPage() {
  return <TranslationScreen area="RULES" />;
}
