import { MantineProvider } from '@mantine/core';
import { type Answer, FormTemplateSchema, type PublicProcess } from '@trialbase/domain';
import { act, useState } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../features/forms/renderer/test-dom';

const dom = installDom();
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Counts the engine runs; the real engine runs underneath.
const runs = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../features/forms/renderer/engine', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../features/forms/renderer/engine')>();
  return {
    ...real,
    computeFormEngine: (...args: Parameters<typeof real.computeFormEngine>) => {
      runs.count += 1;
      return real.computeFormEngine(...args);
    },
  };
});

const { createRoot } = await import('react-dom/client');
const { FillStep } = await import('./fill-step');

const form = FormTemplateSchema.parse({
  id: 'f1',
  title: { en: 'Sleep' },
  type: 'TYPE_FORM',
  questions: [
    { id: 'hours', order: 1, type: 'NUMBER', required: true, question: { en: 'Hours slept' } },
    { id: 'note', order: 2, type: 'TEXT_FREE', question: { en: 'Anything else?' } },
    {
      id: 'pain',
      order: 3,
      type: 'YES_NO',
      question: { en: 'Pain?' },
      possibilities: [
        { id: 'yes', possibility: { en: 'Yes' } },
        { id: 'no', possibility: { en: 'No' } },
      ],
    },
  ],
});
const entry = { formId: 'f1', status: 'STATUS_NEW', form, answers: [] };
const process = {
  studyId: 's1',
  tokenId: 't1',
  studyName: 'Sleep study',
  dataEvent: { name: { en: 'Week 1' }, forceFormOrder: true },
  forms: [entry],
} as unknown as PublicProcess;

function Harness() {
  const [answers, setAnswers] = useState<Answer[]>([]);
  return (
    <MantineProvider>
      <FillStep
        process={process}
        entry={entry as unknown as PublicProcess['forms'][number]}
        current={1}
        total={1}
        language="en"
        answers={answers}
        onAnswersChange={setAnswers}
        onContinue={() => undefined}
        onBack={null}
        isLast
        isBusy={false}
        isCompleted={false}
        externalErrors={new Map()}
        saveState="idle"
        upload={async () => {
          throw new Error('no uploads here');
        }}
        imageUrl={(id) => id}
      />
    </MantineProvider>
  );
}

/** Types into a React-controlled field as a keystroke does: the value changes, then `input` fires. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
}

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
afterAll(() => act(() => root.unmount()));

// Issue 16 item 6: the fill page and its renderer each ran the engine, twice per keystroke.
describe('Spec 002 §2 fill page: the form engine runs once per change', () => {
  it('renders the form with one engine run, then one run per keystroke and per choice', async () => {
    await act(async () => root.render(<Harness />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const hours = container.querySelector<HTMLInputElement>('#question-hours-input');
    const note = container.querySelector<HTMLTextAreaElement>('#question-note-input');
    expect(hours?.getAttribute('aria-required')).toBe('true');
    expect(note?.tagName).toBe('TEXTAREA');
    const afterMount = runs.count;
    expect(afterMount).toBe(1);

    for (const [i, value] of ['7', '7.', '7.5'].entries()) {
      await act(async () => type(hours as HTMLInputElement, value));
      expect(runs.count).toBe(afterMount + i + 1);
    }
    await act(async () => type(note as HTMLTextAreaElement, 'Woke at four'));
    expect(runs.count).toBe(afterMount + 4);
    const yes = container.querySelector<HTMLInputElement>('input[type="radio"][value="yes"]');
    await act(async () => yes?.click());
    expect(yes?.checked).toBe(true);
    expect(runs.count).toBe(afterMount + 5);
  });
});
