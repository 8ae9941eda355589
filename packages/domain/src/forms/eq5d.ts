/**
 * The EQ-5D-5L form as a domain FormTemplate (spec 001 §3 TYPE_EQ_5D, §9 device classes).
 * Structure only: five dimensions of five ordered levels and the 0-100 visual analogue scale.
 * EuroQol licenses the item wording, so texts here are neutral placeholders; a registered study
 * replaces them with the licensed wording (see /work/shared/material/eq5d/SOURCES.md).
 */
import { type Question, QuestionSchema } from './model';
import {
  type DeviceClass,
  type DeviceClassRange,
  type FormTemplateDocument,
  FormTemplateDocumentSchema,
} from './schemas';

/** Spec 001 §9: mobile under 540 px, tablet 540 to under 1024 px, desktop from 1024 px. */
export const EQ5D_DEVICE_CLASSES: readonly DeviceClassRange[] = [
  { deviceClass: 'MOBILE', minWidth: 0, maxWidth: 540 },
  { deviceClass: 'TABLET', minWidth: 540, maxWidth: 1024 },
  { deviceClass: 'DESKTOP', minWidth: 1024, maxWidth: null },
];

/** The five EQ-5D dimensions in profile order (MO, SC, UA, PD, AD). */
export const EQ5D_DIMENSIONS = [
  { code: 'MO', name: 'Mobility' },
  { code: 'SC', name: 'Self-care' },
  { code: 'UA', name: 'Usual activities' },
  { code: 'PD', name: 'Pain / discomfort' },
  { code: 'AD', name: 'Anxiety / depression' },
] as const;

const LEVELS = ['no problems', 'slight problems', 'moderate problems', 'severe problems', 'extreme problems'];

/** Spec 001 §9: the licence device class of a screen `width` in CSS pixels. */
export function deviceClassForWidth(
  width: number,
  ranges: readonly DeviceClassRange[] = EQ5D_DEVICE_CLASSES,
): DeviceClass {
  const range = ranges.find((r) => width >= r.minWidth && (r.maxWidth === null || width < r.maxWidth));
  return range?.deviceClass ?? 'DESKTOP';
}

function dimensionQuestion(formId: string, index: number): Question {
  const dimension = EQ5D_DIMENSIONS[index]!;
  const qid = `${formId}-${dimension.code.toLowerCase()}`;
  return QuestionSchema.parse({
    id: qid,
    order: index + 1,
    type: 'MULTIPLE_CHOICE',
    required: true,
    fixedPossibilities: true,
    exportLabel: dimension.code,
    question: { en: `${dimension.name}: placeholder for the licensed EQ-5D-5L item` },
    possibilities: LEVELS.map((severity, level) => ({
      id: `${qid}-${level + 1}`,
      order: level + 1,
      scoreValue: level + 1,
      possibility: { en: `Level ${level + 1}: ${severity}` },
    })),
  });
}

/** Spec 001 §3 TYPE_EQ_5D: the EQ-5D-5L form with id `formId`: five dimensions, then the EQ VAS (0-100). */
export function buildEq5dForm(formId: string): FormTemplateDocument {
  const vas = QuestionSchema.parse({
    id: `${formId}-vas`,
    order: 6,
    type: 'SLIDER',
    required: true,
    minValue: 0,
    maxValue: 100,
    customLabels: true,
    leftLabel: { en: '0 (worst)' },
    rightLabel: { en: '100 (best)' },
    exportLabel: 'VAS',
    question: { en: 'EQ VAS: placeholder for the licensed visual analogue scale text' },
  });
  return FormTemplateDocumentSchema.parse({
    id: formId,
    title: { en: 'EQ-5D-5L' },
    type: 'TYPE_EQ_5D',
    exportLabel: 'EQ5D5L',
    questions: [...EQ5D_DIMENSIONS.map((_, i) => dimensionQuestion(formId, i)), vas],
    deviceClasses: EQ5D_DEVICE_CLASSES,
  });
}

/** The 5-digit EQ-5D health state (MO SC UA PD AD); a missing or invalid level is coded 9. */
export function eq5dHealthProfile(levels: readonly (number | null | undefined)[]): string {
  return EQ5D_DIMENSIONS.map((_, i) => {
    const level = levels[i];
    return level != null && Number.isInteger(level) && level >= 1 && level <= 5 ? String(level) : '9';
  }).join('');
}
