import type { AnswerFile } from '@trialbase/domain';
import { createContext, useContext } from 'react';

/** Sends one picked file for a question; `onProgress` gets 0..1. Resolves with what the answer stores. */
export type RendererUpload = (input: {
  questionId: string;
  file: File;
  kind: 'FILE' | 'IMAGE';
  onProgress: (fraction: number) => void;
}) => Promise<AnswerFile>;

/**
 * What the page hosting the renderer provides (issue 8 item 3): the participant pages pass the
 * public upload and image routes; the staff app passes nothing and keeps its check-only inputs.
 */
export type RendererHost = {
  upload?: RendererUpload;
  /** Where a study image (image chart, IMAGE question chart) loads from. */
  imageUrl?: (imageId: string) => string;
  /** The study's date format (spec 000 §9, DD-MM-YYYY when absent): date inputs show and take it. */
  dateFormat?: string;
  /** The study's date-time format; date-time inputs take its date order with HH:mm. */
  dateTimeFormat?: string;
};

const RendererHostContext = createContext<RendererHost>({});

export const RendererHostProvider = RendererHostContext.Provider;

export function useRendererHost(): RendererHost {
  return useContext(RendererHostContext);
}
