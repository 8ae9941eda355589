import {
  type FieldIssue,
  type FormTemplate,
  type FormVersion,
  type Question,
  type QuestionType,
  sortQuestionsByOrder,
  validateFormTemplate,
} from '@trialbase/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverErrorMessage } from '../../../app/form-errors';
import { isHttpError } from '../../../app/http';
import { useSaveForm } from '../api';
import { renumber } from './new-items';

export const AUTOSAVE_DELAY_MS = 1500;

/** `conflict`: someone else saved the form since this draft's revision (issue 13 item 8). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

export type Builder = ReturnType<typeof useBuilder>;

/**
 * Draft state of the form builder (spec 001 §2): every change is checked live by the domain
 * `validateFormTemplate`; a valid change autosaves after 1.5 s, and Save sends at once.
 */
export function useBuilder(
  studyId: string,
  initial: FormTemplate & { revision?: number },
  onCreated: (id: string) => void,
  canSave = true,
  initialSelectedId: string | null = null,
) {
  // The draft and the selected question are one state: adding a question selects it in the same
  // update, so the editor shows the new question in the very render that lists it and no keystroke
  // can reach the previously selected one (issue 12 item 4).
  const [draft, setDraft] = useState<Draft>(() => ({
    form: initial,
    selectedId: initial.questions.some((q) => q.id === initialSelectedId) ? initialSelectedId : null,
  }));
  const { form } = draft;
  const selectedId = form.questions.some((q) => q.id === draft.selectedId)
    ? draft.selectedId
    : firstQuestionId(form);
  const [isDirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const latest = useRef(form);
  latest.current = form;
  const inFlight = useRef(false);
  // Synchronous copies for the leave guard, which asks at navigation time (before a re-render).
  // `revision`: the saved revision this draft builds on, named by every save (issue 13 item 8).
  const status = useRef({ id: initial.id, isDirty: false, revision: initial.revision });
  /** The revision someone else saved, while the author has not chosen theirs or keeping their own. */
  const [conflict, setConflict] = useState<number | null>(null);
  const { mutateAsync } = useSaveForm(studyId);
  // The domain check of the whole form (about a millisecond for 200 questions); memoised on the
  // draft so that renders which do not change it (selection, save state) do not run it again.
  const formIssues = useMemo(() => validateFormTemplate(form), [form]);
  const issues = useMemo(
    () => (serverIssues.length === 0 ? formIssues : [...formIssues, ...serverIssues]),
    [formIssues, serverIssues],
  );

  const change = useCallback((update: (d: Draft) => Draft) => {
    setDraft(update);
    setDirty(true);
    status.current.isDirty = true;
    setServerIssues((s) => (s.length === 0 ? s : []));
    setSaveState((s) => (s === 'error' ? 'idle' : s));
  }, []);

  const setForm = useCallback(
    (update: (f: FormTemplate) => FormTemplate) => change((d) => ({ ...d, form: update(d.form) })),
    [change],
  );

  const select = useCallback((id: string) => setDraft((d) => ({ ...d, selectedId: id })), []);

  const save = useCallback(async () => {
    if (inFlight.current) return;
    const snapshot = latest.current;
    if (validateFormTemplate(snapshot).length > 0) return;
    inFlight.current = true;
    setSaveState('saving');
    try {
      const { revision } = status.current;
      const saved = await mutateAsync(revision === undefined ? snapshot : { ...snapshot, revision });
      status.current.revision = saved.revision;
      setServerError(null);
      setSaveState('saved');
      if (latest.current === snapshot) {
        setDirty(false);
        status.current.isDirty = false;
      }
      status.current.id = saved.id;
      // The server owns id, version and the published flag (a changed draft is no longer published).
      setDraft((d) => {
        const f = d.form;
        return f.id === saved.id && f.published === saved.published && sameVersion(f.version, saved.version)
          ? d
          : { ...d, form: { ...f, id: saved.id, published: saved.published, version: saved.version } };
      });
      if (!snapshot.id) onCreated(saved.id);
    } catch (error) {
      const body = isHttpError(error) ? error.body : null;
      const theirs = conflictRevision(error);
      if (theirs !== null) {
        // Nothing typed is touched: the draft stays as it is until the author chooses.
        setConflict(theirs);
        setSaveState('conflict');
        return;
      }
      setSaveState('error');
      setServerError(serverErrorMessage(error));
      const found = body?.context?.issues ?? [];
      setServerIssues(
        body?.id === 'DUPLICATE_NAME' && found.length === 0
          ? [{ path: ['title'], message: 'DUPLICATE' }]
          : found,
      );
    } finally {
      inFlight.current = false;
    }
  }, [mutateAsync, onCreated]);

  useEffect(() => {
    if (!canSave || !isDirty || formIssues.length > 0 || saveState === 'error' || saveState === 'conflict')
      return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canSave, isDirty, formIssues, save, saveState]);

  const updateQuestion = useCallback(
    (id: string, update: (q: Question) => Question) =>
      setForm((f) => ({ ...f, questions: f.questions.map((q) => (q.id === id ? update(q) : q)) })),
    [setForm],
  );

  /** Appends `question` (numbered last) and selects it, in one state update. */
  const addQuestion = useCallback(
    (question: Question) =>
      change((d) => ({
        form: {
          ...d.form,
          questions: [...d.form.questions, { ...question, order: d.form.questions.length + 1 }],
        },
        selectedId: question.id,
      })),
    [change],
  );

  /** Removes a question; the selection moves to the question that took its place (or the last one). */
  const removeQuestion = useCallback(
    (id: string) =>
      change((d) => {
        const sorted = sortQuestionsByOrder(d.form.questions);
        const at = sorted.findIndex((q) => q.id === id);
        const rest = renumber(sorted.filter((q) => q.id !== id));
        const next = rest[Math.min(Math.max(at, 0), rest.length - 1)]?.id ?? null;
        return {
          form: { ...d.form, questions: renumber(d.form.questions.filter((q) => q.id !== id)) },
          selectedId: d.selectedId === id ? next : d.selectedId,
        };
      }),
    [change],
  );

  const moveQuestion = useCallback(
    (from: number, to: number) =>
      setForm((f) => {
        const list = [...f.questions].sort((a, b) => a.order - b.order);
        const [moved] = list.splice(from, 1);
        if (!moved) return f;
        list.splice(to, 0, moved);
        return { ...f, questions: renumber(list) };
      }),
    [setForm],
  );

  /** After promoteFormVersion: the draft is the published version now (not a user change). */
  const markPublished = useCallback((version: FormVersion) => {
    setDraft((d) => ({ ...d, form: { ...d.form, version, published: true } }));
  }, []);

  /** The saved id and whether changes are unsaved, as of now (not as of the last render). */
  const readStatus = useCallback(() => ({ ...status.current }), []);

  /** After a conflict: save this draft over the other person's version. */
  const keepMine = useCallback(() => {
    if (conflict === null) return;
    status.current.revision = conflict;
    setConflict(null);
    setSaveState('idle');
    void save();
  }, [conflict, save]);

  /** After a conflict: the other person's version replaces the draft (the author chose to drop theirs). */
  const loadTheirs = useCallback((theirs: FormTemplate & { revision?: number }) => {
    status.current = { id: theirs.id, isDirty: false, revision: theirs.revision };
    setDraft((d) => ({ ...d, form: theirs }));
    setDirty(false);
    setConflict(null);
    setServerIssues([]);
    setServerError(null);
    setSaveState('saved');
  }, []);

  const retry = useCallback(() => {
    setSaveState('idle');
    void save();
  }, [save]);

  const isValid = formIssues.length === 0;
  return useMemo(
    () => ({
      form,
      selectedId,
      select,
      issues,
      isValid,
      isDirty,
      saveState,
      serverError,
      setForm,
      updateQuestion,
      addQuestion,
      removeQuestion,
      moveQuestion,
      markPublished,
      readStatus,
      conflict,
      keepMine,
      loadTheirs,
      save: retry,
    }),
    [
      form,
      selectedId,
      select,
      issues,
      isValid,
      isDirty,
      saveState,
      serverError,
      setForm,
      updateQuestion,
      addQuestion,
      removeQuestion,
      moveQuestion,
      markPublished,
      readStatus,
      conflict,
      keepMine,
      loadTheirs,
      retry,
    ],
  );
}

type Draft = { form: FormTemplate; selectedId: string | null };

/** With nothing chosen yet (or the chosen question gone), the editor shows the first question. */
function firstQuestionId(form: FormTemplate): string | null {
  return sortQuestionsByOrder(form.questions)[0]?.id ?? null;
}

/** The revision now saved when `error` is a stale-save 409 (reason VERSION_MISMATCH), else null. */
function conflictRevision(error: unknown): number | null {
  if (!isHttpError(error) || error.status !== 409) return null;
  const context = error.body?.context as { reason?: unknown; expected?: unknown } | undefined;
  return context?.reason === 'VERSION_MISMATCH' && typeof context.expected === 'number'
    ? context.expected
    : null;
}

function sameVersion(a: FormVersion, b: FormVersion): boolean {
  return a.major === b.major && a.minor === b.minor;
}

export type { QuestionType };
