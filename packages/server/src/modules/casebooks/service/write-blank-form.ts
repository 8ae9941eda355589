/**
 * Issue 27 item 4: a blank form for paper back-up: every question of the form's current version
 * with its choices (boxes to tick), the limits that apply and boxes to write the answer in.
 */
import {
  type FormTemplateDocument,
  formatFormVersion,
  isRtlLanguage,
  type Question,
} from '@trialbase/domain';
import { label, type PrintContext, plain, printText, printTime } from './format';
import { PdfBook } from './pdf-book';

function hint(ctx: PrintContext, question: Question): string {
  switch (question.type) {
    case 'DATE':
      return label(ctx, 'casebooks:FIELD.UNIT_DATE');
    case 'TIME':
      return label(ctx, 'casebooks:FIELD.UNIT_TIME');
    case 'DATE_TIME':
      return label(ctx, 'casebooks:FIELD.UNIT_DATE_TIME');
    case 'TIME_DURATION':
      return label(ctx, 'casebooks:FIELD.UNIT_DURATION');
    default: {
      const min = question.minValue ?? null;
      const max = question.maxValue ?? null;
      return (question.type === 'NUMBER' || question.type === 'SLIDER') && min !== null && max !== null
        ? label(ctx, 'casebooks:FIELD.RANGE', { min, max })
        : '';
    }
  }
}

function writeQuestion(book: PdfBook, ctx: PrintContext, question: Question): void {
  const text = plain(printText(ctx, question.question));
  if (question.type === 'INFORMATION') {
    if (text) book.text(text, { size: 10 });
    book.space(6);
    return;
  }
  const required = question.required ? ` (${label(ctx, 'casebooks:FIELD.REQUIRED')})` : '';
  book.text(`Q${question.order}. ${text}${required}`, { bold: true });
  const help = plain(printText(ctx, question.helpText));
  if (help) book.text(help, { size: 10, grey: true });
  const extra = hint(ctx, question);
  if (extra) book.text(extra, { size: 10, grey: true });
  const possibilities = [...question.possibilities].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  switch (question.type) {
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'SMILEY':
    case 'YES_NO': {
      book.text(
        label(
          ctx,
          question.type === 'MULTIPLE_RESPONSE' ? 'casebooks:FIELD.CHOOSE_ANY' : 'casebooks:FIELD.CHOOSE_ONE',
        ),
        { size: 10, grey: true },
      );
      const choices =
        possibilities.length > 0
          ? possibilities.map((p) => plain(printText(ctx, p.possibility)) || p.id)
          : question.type === 'YES_NO'
            ? [label(ctx, 'casebooks:VALUE.YES'), label(ctx, 'casebooks:VALUE.NO')]
            : [];
      for (const choice of choices) book.choice(choice, { indent: 8 });
      break;
    }
    case 'TABLE':
      for (const row of question.tableRow) {
        book.text(label(ctx, 'casebooks:FIELD.TABLE_ROW', { row: plain(printText(ctx, row.title)) }), {
          size: 10,
          indent: 8,
        });
        for (const col of question.tableCol) {
          book.text(plain(printText(ctx, col.title)), { size: 10, grey: true, indent: 16 });
          book.writeBox(1, { indent: 16 });
        }
      }
      break;
    case 'CALCULATED':
      book.text(label(ctx, 'casebooks:FIELD.CALCULATED'), { size: 10, grey: true });
      break;
    case 'TEXT_FREE':
    case 'IMAGE':
    case 'FILE':
      book.writeBox(4);
      break;
    case 'MEDICATION_REF':
    case 'AE_REF':
    case 'AE_2_REF':
    case 'UNSCHEDULED_EVENT_REF':
      book.writeBox(2);
      break;
    case 'NUMBER':
    case 'SLIDER':
    case 'TEXT_SENTENCE':
    case 'DATE':
    case 'TIME':
    case 'DATE_TIME':
    case 'TIME_DURATION':
      book.writeBox(1);
      break;
  }
  book.space(8);
}

/** Issue 27 item 4: the blank form PDF of a form in a language (header: study, form, generated-at). */
export async function writeBlankForm(
  form: FormTemplateDocument,
  input: { ctx: PrintContext; studyName: string; formName: string; now: Date },
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const { ctx } = input;
  const title = plain(printText(ctx, form.title)) || input.formName;
  const book = await PdfBook.create({ rtl: isRtlLanguage(ctx.language), title });
  const version = formatFormVersion(form.version);
  book.heading(label(ctx, 'casebooks:BLANK_SUBTITLE', { form: title, version }), 1);
  const info = plain(printText(ctx, form.infoText));
  if (form.showInfoText && info) book.text(info, { size: 10 });
  book.space(6);
  for (const question of [...form.questions].sort((a, b) => a.order - b.order))
    writeQuestion(book, ctx, question);
  return book.finish({
    contents: false,
    title: label(ctx, 'casebooks:BLANK_TITLE'),
    subtitle: '',
    contentsTitle: '',
    headerLines: [
      label(ctx, 'casebooks:HEADER.STUDY', { study: input.studyName }),
      label(ctx, 'casebooks:HEADER.BLANK'),
      label(ctx, 'casebooks:HEADER.GENERATED', { time: printTime(ctx, input.now), zone: ctx.timeZone }),
    ],
    pageLabel: (page, total) => label(ctx, 'casebooks:PAGE', { page, total }),
  });
}
