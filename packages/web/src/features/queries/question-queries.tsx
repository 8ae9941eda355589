import { Button, Group, Tooltip } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import {
  type Answer,
  evaluateFormVisibility,
  type FillForm,
  isQueryActive,
  isQuestionHidden,
  QUERY_OPEN_LIMIT_REACHED,
  QUERY_VIEW_PERMISSION,
  type Query,
  type QueryDialogAction,
} from '@trialbase/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { isExtendedValidationCancelled, withExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { AnswerEditor } from './answer-editor';
import { type FormQueriesRef, type QueryWrite, useFormQueries, useQueryWrite } from './api';
import type { QueryActionInput } from './query-card';
import { QueryDialog } from './query-dialog';

/**
 * Navigation state that reopens a question's query dialog responding (spec 000 §2 AE create state
 * isQuery: an AE reported from the response's answer editor comes back here to be linked).
 */
export type OpenQueryState = { openQuery: { questionId: string } };

function openQueryOf(state: unknown): string | null {
  const open = (state as Partial<OpenQueryState> | null)?.openQuery;
  return typeof open?.questionId === 'string' ? open.questionId : null;
}

type QuestionQueriesInput = {
  /** The token of the fill or review page. */
  token: { studyId: string; enrollmentId: string; tokenId: string };
  form: FillForm | undefined;
  language: string;
  study: { id: string; modules: readonly string[]; dateFormat?: string; dateTimeFormat?: string };
};

function QueryIcon({ queries, onOpen }: { queries: readonly Query[]; onOpen: () => void }) {
  const { t } = useTranslation(['common', 'queries']);
  const active = queries.filter((q) => isQueryActive(q.status)).length;
  const label =
    queries.length === 0
      ? t('QUERIES.ICON.NONE')
      : t('QUERIES.ICON.COUNT', { count: queries.length, active });
  return (
    <Tooltip label={label} withinPortal>
      <Button
        size="compact-xs"
        variant={active > 0 ? 'light' : 'subtle'}
        color={active > 0 ? 'blue' : 'gray'}
        leftSection={<IconMessageQuestion size={16} aria-hidden />}
        onClick={onOpen}
        aria-label={label}
        data-testid="query-icon"
        data-count={queries.length}
        data-active={active}
      >
        {queries.length}
      </Button>
    </Tooltip>
  );
}

const toWrite = (query: Query, input: QueryActionInput, version: number | undefined) => {
  const { action, text } = input;
  switch (action) {
    case 'RESPOND':
      return {
        kind: 'RESPOND',
        queryId: query.id,
        text,
        answer: input.answer,
        version,
        password: undefined,
      } as const;
    case 'DECLINE':
    case 'REOPEN':
      return { kind: 'REOPEN', queryId: query.id, text } as const;
    case 'CLOSE':
      return { kind: 'CLOSE', queryId: query.id, text } as const;
    case 'QUICK_CLOSE':
      return { kind: 'CLOSE', queryId: query.id } as const;
    case 'CREATE':
      return { kind: 'CREATE', questionId: query.questionId, text } as const;
    default:
      return action satisfies never;
  }
};

/**
 * Queries on the staff fill and review screens (spec 001 §4, issue 19 item 2): a query icon with
 * its count under each question of a saved form, and the query dialog. The page renders
 * `renderIcon(questionId)` in the renderer's per-question addon slot and `dialog` once.
 */
export function useQuestionQueries({ token, form, language, study }: QuestionQueriesInput) {
  const { t } = useTranslation(['common', 'queries']);
  const abilities = useStudyAbilities(token.studyId);
  const set = form?.answerSet ?? null;
  const ref: FormQueriesRef | null = set ? { ...token, questionnaireId: set.id } : null;
  const canView = abilities.can(QUERY_VIEW_PERMISSION) || abilities.can('QUERY_CREATE');
  const list = useFormQueries(ref, { enabled: canView, secondary: true });
  const write = useQueryWrite(ref ?? { ...token, questionnaireId: '' });
  const [openQuestionId, setOpenQuestionId] = useState<string | null>(null);
  const [respondTo, setRespondTo] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const reopen = openQueryOf(location.state);
  useEffect(() => {
    if (!reopen || !set) return;
    setOpenQuestionId(reopen);
    setRespondTo(reopen);
    // The rest of the state (the AE to link) stays for the answer editor, which clears it.
    const { openQuery: _done, ...rest } = location.state as OpenQueryState & Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: rest });
  }, [reopen, set, location.state, location.pathname, location.search, navigate]);
  const queries = useMemo(() => list.data?.items ?? [], [list.data]);
  const hidden = useMemo(
    () => (form && set ? evaluateFormVisibility(form.form, set.answers) : null),
    [form, set],
  );

  const send = async (write_: QueryWrite, action: QueryDialogAction): Promise<boolean> => {
    try {
      if (write_.kind === 'RESPOND') {
        // Spec 001 §6: responding to a query always takes the password (Extended-Validation).
        await withExtendedValidation(true, t('QUERIES.DIALOG.SIGNATURE'), (password) =>
          write.mutateAsync({ ...write_, password }),
        );
      } else {
        await write.mutateAsync(write_);
      }
      showSuccessToast(t(`QUERIES.DONE.${action}`));
      return true;
    } catch (error) {
      if (isExtendedValidationCancelled(error)) return false;
      if (isHttpError(error) && (error.body?.id as string | undefined) === QUERY_OPEN_LIMIT_REACHED) {
        showErrorToast(t('QUERIES.DIALOG.LIMIT_REACHED'));
      } else {
        showErrorToast(serverErrorMessage(error, { fallback: 'QUERIES.DIALOG.FAILED' }));
      }
      return false;
    }
  };

  // Stable while the form's queries are: the renderer redraws only the questions a keystroke
  // changes (issue 16 item 6), which a new addon function on every render would defeat.
  const renderIcon = useCallback(
    (questionId: string): ReactNode => {
      if (!set || !canView) return null;
      // In a row of its own so the question's flex column does not stretch the button.
      return (
        <Group gap={4} wrap="nowrap">
          <QueryIcon
            queries={queries.filter((q) => q.questionId === questionId)}
            onOpen={() => setOpenQuestionId(questionId)}
          />
        </Group>
      );
    },
    [set, canView, queries],
  );

  const saved = openQuestionId ? set?.answers.find((a) => a.question === openQuestionId) : undefined;
  const dialog =
    form && set ? (
      <QueryDialog
        questionId={openQuestionId}
        form={form.form}
        queries={queries}
        language={language}
        has={abilities.can}
        isQuestionHidden={
          openQuestionId !== null && hidden !== null && isQuestionHidden(hidden, openQuestionId)
        }
        isPending={write.isPending}
        renderAnswerEditor={
          openQuestionId
            ? (onChange: (answer: Answer) => void) => (
                <AnswerEditor
                  form={form.form}
                  questionId={openQuestionId}
                  answer={saved}
                  language={language}
                  study={study}
                  onChange={onChange}
                />
              )
            : undefined
        }
        onCreate={(text) =>
          openQuestionId
            ? send({ kind: 'CREATE', questionId: openQuestionId, text }, 'CREATE')
            : Promise.resolve(false)
        }
        onAction={(query, input) => send(toWrite(query, input, set.version), input.action)}
        onClose={() => {
          setOpenQuestionId(null);
          setRespondTo(null);
        }}
        respondOnOpen={respondTo !== null && respondTo === openQuestionId}
      />
    ) : null;

  return { renderIcon, dialog, openQuestion: setOpenQuestionId };
}
