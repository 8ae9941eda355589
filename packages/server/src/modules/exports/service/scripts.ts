/**
 * Statistics-package scripts over the CSV files (issue 26 formats): R (factors and labels), SPSS
 * (syntax with variable and value labels), Stata (do-file with labels) and SAS (program with
 * formats). Each reads every wide form file of the zip; the special markers of spec 001 §3 are
 * missing values (SAS keeps .b .n .c .d .e as its special missing values).
 */
import { type CodebookVariable, SPECIAL_MARKERS } from '@trialbase/domain';

export type ScriptForm = {
  name: string;
  file: string;
  fixed: readonly string[];
  variables: readonly CodebookVariable[];
};

const MARKERS = Object.keys(SPECIAL_MARKERS);
const quoteR = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, ' ')}"`;
const quoteSps = (s: string) => `'${s.replace(/'/g, "''").replace(/\r?\n/g, ' ')}'`;
const quoteStata = (s: string) => `"${s.replace(/"/g, "'").replace(/\r?\n/g, ' ').slice(0, 80)}"`;
const quoteSas = (s: string) => `'${s.replace(/'/g, "''").replace(/\r?\n/g, ' ').slice(0, 256)}'`;
const isNumeric = (v: CodebookVariable) => v.type === 'numeric';

export function rScript(forms: readonly ScriptForm[]): string {
  const lines = [
    '# Trialbase export: reads the wide CSV files with factors and labels (issue 26).',
    '# Special markers (spec 001 §3) are read as NA:',
    ...MARKERS.map((m) => `#   ${m}  ${SPECIAL_MARKERS[m as keyof typeof SPECIAL_MARKERS]}`),
    `markers <- c(${MARKERS.map(quoteR).join(', ')})`,
    '',
  ];
  for (const form of forms) {
    lines.push(
      `${form.name} <- read.csv(${quoteR(form.file)}, na.strings = markers, stringsAsFactors = FALSE, check.names = FALSE, encoding = "UTF-8")`,
    );
    for (const v of form.variables) {
      if (v.valueLabels.length > 0)
        lines.push(
          `${form.name}[[${quoteR(v.variable)}]] <- factor(${form.name}[[${quoteR(v.variable)}]], levels = c(${v.valueLabels.map((l) => l.value).join(', ')}), labels = c(${v.valueLabels.map((l) => quoteR(l.label)).join(', ')}))`,
        );
      lines.push(`attr(${form.name}[[${quoteR(v.variable)}]], "label") <- ${quoteR(v.label)}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

export function spssSyntax(forms: readonly ScriptForm[]): string {
  const lines = ['* Trialbase export: SPSS syntax over the wide CSV files (issue 26).'];
  lines.push(`* Special markers (spec 001 §3) become system-missing: ${MARKERS.join(' ')}.`);
  for (const form of forms) {
    const all = [...form.fixed, ...form.variables.map((v) => v.variable)];
    lines.push(
      '',
      `GET DATA /TYPE=TXT /FILE=${quoteSps(form.file)} /ENCODING='UTF8' /DELIMITERS="," /QUALIFIER='"'`,
      '  /ARRANGEMENT=DELIMITED /FIRSTCASE=2',
      `  /VARIABLES=${all.map((n) => `${n} A255`).join(' ')}.`,
    );
    for (const v of form.variables.filter(isNumeric)) {
      lines.push(
        `RECODE ${v.variable} (${MARKERS.map(quoteSps).join(',')}='').`,
        `ALTER TYPE ${v.variable} (F16.4).`,
      );
    }
    if (form.variables.length > 0)
      lines.push(
        `VARIABLE LABELS ${form.variables.map((v) => `${v.variable} ${quoteSps(v.label)}`).join('\n  /')}.`,
      );
    for (const v of form.variables.filter((x) => x.valueLabels.length > 0))
      lines.push(
        `VALUE LABELS ${v.variable} ${v.valueLabels.map((l) => `${l.value} ${quoteSps(l.label)}`).join(' ')}.`,
      );
    lines.push(`DATASET NAME ${form.name}.`, 'EXECUTE.');
  }
  return `${lines.join('\n')}\n`;
}

export function stataDo(forms: readonly ScriptForm[]): string {
  const lines = ['* Trialbase export: Stata do-file over the wide CSV files (issue 26).'];
  lines.push(`* Special markers (spec 001 §3) become missing: ${MARKERS.join(' ')}`);
  for (const form of forms) {
    lines.push(
      '',
      `import delimited using "${form.file}", clear varnames(1) stringcols(_all) case(preserve) encoding("utf-8") bindquote(strict)`,
    );
    for (const v of form.variables) {
      if (isNumeric(v)) lines.push(`destring ${v.variable}, replace force`);
      lines.push(`label variable ${v.variable} ${quoteStata(v.label)}`);
      if (v.valueLabels.length > 0) {
        const name = `${v.variable.slice(0, 28)}_lbl`;
        lines.push(
          `label define ${name} ${v.valueLabels.map((l) => `${l.value} ${quoteStata(l.label)}`).join(' ')}, replace`,
          `label values ${v.variable} ${name}`,
        );
      }
    }
    lines.push(`save "${form.name}.dta", replace`);
  }
  return `${lines.join('\n')}\n`;
}

export function sasProgram(forms: readonly ScriptForm[]): string {
  const lines = [
    '/* Trialbase export: SAS program over the wide CSV files (issue 26). */',
    `/* Special markers (spec 001 §3): ${MARKERS.join(' ')}; .b .n .c .d .e are read as SAS special missing values. */`,
    'missing b n c d e;',
    'proc format;',
  ];
  for (const form of forms)
    for (const v of form.variables.filter((x) => x.valueLabels.length > 0))
      lines.push(
        `  value ${v.variable.slice(0, 30)}F ${v.valueLabels.map((l) => `${l.value}=${quoteSas(l.label)}`).join(' ')};`,
      );
  lines.push('run;');
  for (const form of forms) {
    lines.push(
      '',
      `data ${form.name};`,
      `  infile '${form.file}' dsd firstobs=2 lrecl=1000000 truncover encoding='utf-8';`,
      `  input ${[...form.fixed.map((n) => `${n} :$255.`), ...form.variables.map((v) => (isNumeric(v) ? `${v.variable} ?? :best32.` : `${v.variable} :$2000.`))].join(' ')};`,
    );
    for (const v of form.variables) lines.push(`  label ${v.variable}=${quoteSas(v.label)};`);
    for (const v of form.variables.filter((x) => x.valueLabels.length > 0))
      lines.push(`  format ${v.variable} ${v.variable.slice(0, 30)}F.;`);
    lines.push('run;');
  }
  return `${lines.join('\n')}\n`;
}
