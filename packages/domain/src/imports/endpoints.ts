import { defineEndpoint } from '../common/endpoint';
import {
  FhirExportQuerySchema,
  FhirFormParamsSchema,
  ImportParamsSchema,
  ImportRequestSchema,
  ImportResultSchema,
} from './schemas';

const importDescription = (what: string, extension: string) =>
  `Body \`{ "fileName": "<name>${extension}", "content": "<file text>", "dryRun": true|false }\`: ${what}. ` +
  'A dry run answers 200 with the forms it would make and a report line per source row or item ' +
  '(IMPORTED, APPROXIMATE or LEFT_OUT with reasons); otherwise every form is created in one ' +
  'transaction (201) or none is. A file over 2,000,000 characters, of the wrong extension or ' +
  'content answers 400 with `context.issues` at `content` or `fileName`.';

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
};
