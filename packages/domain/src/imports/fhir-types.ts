/**
 * The parts of FHIR R4 Questionnaire and QuestionnaireResponse the imports and exports read and
 * write (issue 27 item 2), and the extension URLs they use.
 */

export type FhirExtension = {
  url: string;
  valueCode?: string;
  valueString?: string;
  valueInteger?: number;
  valueDecimal?: number;
  valueDate?: string;
  valueCoding?: FhirCoding;
  valueCodeableConcept?: { coding?: FhirCoding[]; text?: string };
  valueExpression?: { name?: string; language?: string; expression?: string };
  extension?: FhirExtension[];
};

export type FhirCoding = { system?: string; code?: string; display?: string; extension?: FhirExtension[] };

export type FhirAnswerOption = {
  valueCoding?: FhirCoding;
  valueString?: string;
  valueInteger?: number;
  valueDate?: string;
  valueTime?: string;
  valueReference?: { reference?: string; display?: string };
  initialSelected?: boolean;
  extension?: FhirExtension[];
};

export type FhirEnableWhen = {
  question: string;
  operator: string;
  answerBoolean?: boolean;
  answerDecimal?: number;
  answerInteger?: number;
  answerDate?: string;
  answerDateTime?: string;
  answerTime?: string;
  answerString?: string;
  answerCoding?: FhirCoding;
  answerQuantity?: { value?: number };
  answerReference?: unknown;
};

export type FhirItem = {
  linkId: string;
  text?: string;
  _text?: { extension?: FhirExtension[] };
  type: string;
  required?: boolean;
  repeats?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  enableWhen?: FhirEnableWhen[];
  enableBehavior?: 'all' | 'any';
  answerOption?: FhirAnswerOption[];
  answerValueSet?: string;
  extension?: FhirExtension[];
  item?: FhirItem[];
};

export type FhirValueSet = {
  resourceType: 'ValueSet';
  id?: string;
  compose?: { include?: { system?: string; concept?: { code?: string; display?: string }[] }[] };
  expansion?: { contains?: FhirCoding[] };
};

export type FhirQuestionnaire = {
  resourceType: 'Questionnaire';
  id?: string;
  url?: string;
  name?: string;
  title?: string;
  version?: string;
  status: string;
  language?: string;
  contained?: (FhirValueSet | { resourceType: string; id?: string })[];
  extension?: FhirExtension[];
  item?: FhirItem[];
};

export type FhirAnswer = {
  valueBoolean?: boolean;
  valueDecimal?: number;
  valueInteger?: number;
  valueDate?: string;
  valueDateTime?: string;
  valueTime?: string;
  valueString?: string;
  valueCoding?: FhirCoding;
  valueAttachment?: { title?: string; contentType?: string; size?: number };
};

export type FhirResponseItem = { linkId: string; text?: string; answer?: FhirAnswer[] };

export type FhirQuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse';
  id: string;
  questionnaire: string;
  status: 'in-progress' | 'completed' | 'amended' | 'entered-in-error' | 'stopped';
  subject?: { identifier: { value: string } };
  authored?: string;
  item: FhirResponseItem[];
};

export const FHIR_EXT = {
  /** Our own: the product's question type, so an exported form comes back exactly. */
  questionType: 'https://trialbase.org/fhir/StructureDefinition/question-type',
  itemControl: 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl',
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  minLength: 'http://hl7.org/fhir/StructureDefinition/minLength',
  ordinalValue: 'http://hl7.org/fhir/StructureDefinition/ordinalValue',
  itemWeight: 'http://hl7.org/fhir/StructureDefinition/itemWeight',
  renderingXhtml: 'http://hl7.org/fhir/StructureDefinition/rendering-xhtml',
  unit: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit',
  calculatedExpression:
    'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression',
  enableWhenExpression:
    'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression',
  variable: 'http://hl7.org/fhir/StructureDefinition/variable',
} as const;

/** The first extension of `url` on a node (`extension` may be anything in foreign JSON). */
export function findExtension(
  node: { extension?: unknown } | undefined,
  url: string,
): FhirExtension | undefined {
  const list = node?.extension;
  if (!Array.isArray(list)) return undefined;
  return list.find(
    (e): e is FhirExtension => typeof e === 'object' && e !== null && (e as FhirExtension).url === url,
  );
}

/** Extensions whose URL ends with `suffix` (SDC URLs come with several bases). */
export function findExtensionBySuffix(
  node: { extension?: unknown } | undefined,
  suffix: string,
): FhirExtension[] {
  const list = node?.extension;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is FhirExtension =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as FhirExtension).url === 'string' &&
      (e as FhirExtension).url.endsWith(suffix),
  );
}
