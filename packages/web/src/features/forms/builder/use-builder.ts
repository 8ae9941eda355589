import {
  type FieldIssue,
  type FormTemplate,
  type FormVersion,
  type Question,
  type QuestionType,
  validateFormTemplate,
} from '@trialbase/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isHttpError } from '../../../app/http';
import { useSaveForm } from '../api';
import { renumber } from './new-items';

export const AUTOSAVE_DELAY_MS = 1500;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export type Builder = ReturnType<typeof useBuilder>;

/**
 * Draft state of the form builder (spec 001 §2): every change is checked live by the domain
 * `validateFormTemplate`; a valid change autosaves after 1.5 s, and Save sends at once.
 */
export function useBuilder(
  studyId: string,
  initial: FormTemplate,
  onCreated: (id: string) => void,
  canSave = true,
) {
  const [form, setFormState] = useState(initial);
  const [isDirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const latest = useRef(form);
  latest.current = form;
  const inFlight = useRef(false);
  const { mutateAsync } = useSaveForm(studyId);
  // The domain check of the whole form (about a millisecond for 200 questions); memoised on the
  // draft so that renders which do not change it (selection, save state) do not run it again.
  const formIssues = useMemo(() => validateFormTemplate(form), [form]);
  const issues = useMemo(
    () => (serverIssues.length === 0 ? formIssues : [...formIssues, ...serverIssues]),
    [formIssues, serverIssues],
  );

  const setForm = useCallback((update: (f: FormTemplate) => FormTemplate) => {
    setFormState((f) => update(f));
    setDirty(true);
    setServerIssues((s) => (s.length === 0 ? s : []));
    setSaveState((s) => (s === 'error' ? 'idle' : s));
  }, []);

  const save = useCallback(async () => {
    if (inFlight.current) return;
    const snapshot = latest.current;
    if (validateFormTemplate(snapshot).length > 0) return;
    inFlight.current = true;
    setSaveState('saving');
    try {
      const saved = await mutateAsync(snapshot);
      setServerError(null);
      setSaveState('saved');
      if (latest.current === snapshot) setDirty(false);
      // The server owns id, version and the published flag (a changed draft is no longer published).
      setFormState((f) =>
        f.id === saved.id && f.published === saved.published && sameVersion(f.version, saved.version)
          ? f
          : { ...f, id: saved.id, published: saved.published, version: saved.version },
      );
      if (!snapshot.id) onCreated(saved.id);
    } catch (error) {
      setSaveState('error');
      const body = isHttpError(error) ? error.body : null;
      setServerError(body?.message ?? (error instanceof Error ? error.message : String(error)));
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
    if (!canSave || !isDirty || formIssues.length > 0 || saveState === 'error') return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canSave, isDirty, formIssues, save, saveState]);

  const updateQuestion = useCallback(
    (id: string, update: (q: Question) => Question) =>
      setForm((f) => ({ ...f, questions: f.questions.map((q) => (q.id === id ? update(q) : q)) })),
    [setForm],
  );

  const addQuestion = useCallback(
    (make: (order: number) => Question) =>
      setForm((f) => ({ ...f, questions: [...f.questions, make(f.questions.length + 1)] })),
    [setForm],
  );

  const removeQuestion = useCallback(
    (id: string) => setForm((f) => ({ ...f, questions: renumber(f.questions.filter((q) => q.id !== id)) })),
    [setForm],
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
    setFormState((f) => ({ ...f, version, published: true }));
  }, []);

  const retry = useCallback(() => {
    setSaveState('idle');
    void save();
  }, [save]);

  const isValid = formIssues.length === 0;
  return useMemo(
    () => ({
      form,
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
      save: retry,
    }),
    [
      form,
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
      retry,
    ],
  );
}

function sameVersion(a: FormVersion, b: FormVersion): boolean {
  return a.major === b.major && a.minor === b.minor;
}

export type { QuestionType };
