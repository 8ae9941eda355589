import {
  type Answer,
  type AnswerFile,
  answerWithDefaults,
  buildPath,
  type FormPosition,
  type FormTemplate,
  isQuestionAskedIn,
  type PublicProcess,
  type PublicSubmitBodyInput,
  type PublicSubmitResult,
  publicRoutes,
} from '@trialbase/domain';
import { callPublic } from '../app/api';

/** Spec 002 §7 submit: a draft (isFinal false) or the final answers of one form. */
export function submitForm(studyId: string, body: PublicSubmitBodyInput): Promise<PublicSubmitResult> {
  return callPublic(publicRoutes.saveForm, { params: { studyId }, body });
}

/** Spec 002 §7 back: one form back in a forced order; the saved answers stay. */
export function stepBack(studyId: string, token: string): Promise<FormPosition> {
  return callPublic(publicRoutes.back, { params: { studyId, token } });
}

type PublicAnswer = PublicProcess['forms'][number]['answers'][number];

/** A saved answer as the renderer holds it (AnswerSchema's defaults, without zod: issue 16). */
export function toAnswer(saved: PublicAnswer): Answer {
  return answerWithDefaults({
    ...saved.value,
    question: saved.questionId,
    answerUnavailable: saved.isUnavailable,
    answerSkipped: saved.isSkipped,
  });
}

/**
 * What the participant may send: answers to the questions asked of them (the server refuses the
 * others, spec 002 §5), without the staff verification flags.
 */
export function answersToSend(form: FormTemplate, answers: readonly Answer[]): Answer[] {
  const asked = new Set(form.questions.filter((q) => isQuestionAskedIn(q, 'public')).map((q) => q.id));
  return answers
    .filter((a) => asked.has(a.question))
    .map(({ verification: _v, secondaryVerification: _s, ...rest }) => rest as Answer);
}

/** A new idempotency key for one submit attempt (spec 002 §7; reused on a retry of the same attempt). */
export function newAttemptKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Spec 002 §8 uploads: the renderer's message for what the server refused, else '' (the generic one). */
function uploadErrorKey(answer: string): string {
  if (answer.includes('INVALID_FILENAME_DOTS')) return 'RENDERER.VALIDATION.INVALID_FILENAME_DOTS';
  if (answer.includes('UNSUPPORTED_FILE_TYPE')) return 'RENDERER.VALIDATION.UNSUPPORTED_FILE_TYPE';
  if (answer.includes('IMAGE_ONLY')) return 'RENDERER.VALIDATION.IMAGE_ONLY';
  return '';
}

/**
 * Spec 002 §7 answer files (public variant) and answerImages: JSON with base64, sent with
 * XMLHttpRequest so the page can show the upload's progress. Rejects with the renderer's message
 * key for a refusal the server names (uploadErrorKey), else with an empty message (the generic one).
 */
export async function uploadAnswerFile(input: {
  studyId: string;
  token: string;
  tokenId: string;
  formId: string;
  questionId: string;
  file: File;
  kind: 'FILE' | 'IMAGE';
  onProgress: (fraction: number) => void;
}): Promise<AnswerFile> {
  const dataBase64 = await readBase64(input.file);
  const url =
    input.kind === 'IMAGE'
      ? buildPath(publicRoutes.uploadAnswerImage, { studyId: input.studyId })
      : buildPath(publicRoutes.uploadAnswerFile, {
          studyId: input.studyId,
          tokenId: input.tokenId,
          formId: input.formId,
          questionId: input.questionId,
        });
  const file = { fileName: input.file.name, contentType: input.file.type || undefined, dataBase64 };
  const body =
    input.kind === 'IMAGE'
      ? { ...file, token: input.token, formId: input.formId, questionId: input.questionId }
      : file;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('content-type', 'application/json');
    request.setRequestHeader('accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new Error(''));
    request.onload = () => {
      let data: unknown = {};
      try {
        data = JSON.parse(request.responseText) as unknown;
      } catch {
        // not JSON: the generic message
      }
      if (request.status >= 200 && request.status < 300) {
        // The server parsed its answer with the endpoint's schema; a body without the file is refused.
        const stored = (typeof data === 'object' && data !== null ? data : {}) as Partial<AnswerFile>;
        if (typeof stored.id !== 'string' || typeof stored.fileName !== 'string') {
          reject(new Error(''));
          return;
        }
        const { id, fileName, size, mimeType } = stored as AnswerFile;
        resolve({ id, fileName, size, mimeType });
        return;
      }
      reject(new Error(uploadErrorKey(JSON.stringify(data))));
    };
    request.send(JSON.stringify(body));
  });
}
