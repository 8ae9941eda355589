/**
 * Spec 002 §7 getProcess as the fill and index pages read it, without zod (issue 16, the slow
 * phone: zod and the schemas cost the fill page ~19 KiB brotli and 120-210 ms of a slow phone's
 * CPU). The server sends what PublicProcessSchema checked; this fills in each form's defaults
 * (left out on the wire, participant-form.ts) from FORM_DOCUMENT_DEFAULTS and refuses an answer
 * whose forms and questions it cannot walk, so the page reports an error instead of failing later.
 */
import { isRecord, withDefaults } from '../common/defaults-plan';
import { FORM_DOCUMENT_DEFAULTS } from '../forms/form-defaults';
import type { PublicProcess } from './schemas';

/** Why the getProcess answer cannot be read, or null when its forms and questions have their shape. */
function problemOf(wire: unknown): string | null {
  if (!isRecord(wire) || !Array.isArray(wire.forms)) return 'no list of forms';
  for (const [i, item] of wire.forms.entries()) {
    if (!isRecord(item) || !isRecord(item.form) || !Array.isArray(item.answers)) return `form ${i}`;
    const { id, type, questions } = item.form;
    if (typeof id !== 'string' || typeof type !== 'string') return `form ${i}`;
    if (questions === undefined) continue;
    if (!Array.isArray(questions)) return `form ${i} questions`;
    const bad = questions.findIndex(
      (q) =>
        !isRecord(q) || typeof q.id !== 'string' || typeof q.type !== 'string' || typeof q.order !== 'number',
    );
    if (bad >= 0) return `form ${i} question ${bad}`;
  }
  return null;
}

/**
 * Spec 002 §7 getProcess: the server's answer with every form's defaults filled in, as
 * PublicProcessSchema parses it when valid (participant-process.test.ts compares the two). Throws
 * when the forms or their questions lack their shape.
 */
export function readParticipantProcess(wire: unknown): PublicProcess {
  const problem = problemOf(wire);
  if (problem) throw new Error(`getProcess: the answer cannot be read (${problem})`);
  const process = wire as PublicProcess;
  return {
    ...process,
    forms: process.forms.map((item) => ({
      ...item,
      form: withDefaults(FORM_DOCUMENT_DEFAULTS, item.form) as PublicProcess['forms'][number]['form'],
    })),
  };
}
