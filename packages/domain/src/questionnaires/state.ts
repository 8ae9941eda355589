/**
 * The runtime state an answer set keeps beside its answers (issue 14 item 4): the image chart markers
 * and the answers per marker colour (spec 001 §5 image charts). Stored as jsonb, read through this
 * schema. The participant's submit keys live in their own table (see `StoredPublicSubmissionSchema`).
 */
import { z } from 'zod';
import { ImageChartAnswerSchema, ImageChartMarkerSchema } from './model';

export const QuestionnaireDetailsSchema = z.object({
  imageChartMarkers: z.array(ImageChartMarkerSchema).optional(),
  imageChartAnswers: z.array(ImageChartAnswerSchema).optional(),
});
export type QuestionnaireDetails = z.infer<typeof QuestionnaireDetailsSchema>;

/** The answer set's details as stored; an empty object for one with none. */
export function parseQuestionnaireDetails(value: unknown): QuestionnaireDetails {
  return QuestionnaireDetailsSchema.parse(value ?? {});
}
