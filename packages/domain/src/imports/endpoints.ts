import { defineEndpoint } from '../common/endpoint';
import {
  FhirExportQuerySchema,
  FhirFormParamsSchema,
  FhirResponseParamsSchema,
  ImportParamsSchema,
  ImportRequestSchema,
  ImportResultSchema,
} from './schemas';

const importDescription = (what: string, extension: string) =>
  `Body \`{ "fileName": "<name>${extension}", "content": "<file text>", "dryRun": true|false }\`: ${what}. ` +
  'A dry run answers 200 with the forms it would make and a report line per source row or item ' +
  '(IMPORTED, APPROXIMATE or LEFT_OUT with reasons); otherwise every form is created in one ' +
  'transaction (201) or none is. A file over 2,000,000 characters, of the wrong extension or ' +
  'content answers 400 with `context.issues` at `content` or `fileName`. At most 30 imports ' +
  '(dry runs included) per user and study in 10 minutes; beyond them 429 RATE_LIMITED.';

/** Form imports and the FHIR export (issue 27 items 1–3, 5). */
export const importEndpoints = {
  redcap: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/forms/import/redcap',
    summary: 'Import forms from a REDCap data dictionary (CSV)',
    description: importDescription('a REDCap data dictionary (instruments become forms)', '.csv'),
    tags: ['imports'],
    params: ImportParamsSchema,
    body: ImportRequestSchema,
    response: { 200: ImportResultSchema, 201: ImportResultSchema },
  }),
  fhir: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/forms/import/fhir',
    summary: 'Import forms from FHIR R4 Questionnaires (JSON)',
    description: importDescription('a FHIR R4 Questionnaire or a Bundle of them', '.json'),
    tags: ['imports'],
    params: ImportParamsSchema,
    body: ImportRequestSchema,
    response: { 200: ImportResultSchema, 201: ImportResultSchema },
  }),
  odm: defineEndpoint({
    method: 'POST',
    path: '/api/studies/:studyId/forms/import/odm',
    summary: 'Import forms from CDISC ODM 1.3.2 metadata (XML)',
    description: importDescription(
      'an ODM file (its first MetaDataVersion: FormDef, ItemGroupDef, ItemDef, CodeList, RangeCheck)',
      '.xml',
    ),
    tags: ['imports'],
    params: ImportParamsSchema,
    body: ImportRequestSchema,
    response: { 200: ImportResultSchema, 201: ImportResultSchema },
  }),
  fhirQuestionnaire: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/forms/:formId/fhir/questionnaire',
    summary: 'The form as a FHIR R4 Questionnaire (application/fhir+json)',
    tags: ['imports'],
    params: FhirFormParamsSchema,
    query: FhirExportQuerySchema,
  }),
  fhirQuestionnaireResponse: defineEndpoint({
    method: 'GET',
    path: '/api/studies/:studyId/questionnaires/:questionnaireId/fhir/questionnaire-response',
    summary: 'A filled form as a FHIR R4 QuestionnaireResponse (application/fhir+json)',
    description:
      "The answer set's answered questions as items whose linkIds are the question ids of the form's " +
      'Questionnaire (GET …/forms/{formId}/fhir/questionnaire); `questionnaire` is its canonical URL ' +
      'with the form version the set was filled in (`url|major.minor`). Needs QUESTIONNAIRE_VIEW at ' +
      "the filled form's site: a caller limited to other sites gets 403.",
    tags: ['imports'],
    params: FhirResponseParamsSchema,
    query: FhirExportQuerySchema,
  }),
};
