// SurveyJS, the peer the renderer and slow-phone benches compare with (issue 16 item 7). It is not a
// dependency of the project: the bench installs pinned versions with npm into a folder of its own
// (kept between runs, under the system's temporary folder unless SURVEYJS_DIR names one) the first
// time it needs them. Also the mapping of a Trialbase form onto a SurveyJS JSON survey.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The SurveyJS page a plain web site serves (SurveyJS's "HTML/CSS/JavaScript" setup): the
 * framework-independent core and its vanilla UI, no React. survey-js-ui's last release is
 * 2.5.38, so the core is pinned to the same version (the UI requires it exactly).
 */
export const SURVEYJS_VERSION = process.env.SURVEYJS_VERSION ?? '2.5.38';
export const SURVEYJS_PAGE_PACKAGES = [`survey-core@${SURVEYJS_VERSION}`, `survey-js-ui@${SURVEYJS_VERSION}`];

/**
 * Installs npm packages (name@version specs) into a bench folder unless they are there already,
 * and gives its node_modules path. Throws when npm fails (no network to the registry, say).
 */
export function ensureBenchPackages(
  specs: string[],
  folderName = `trialbase-bench-surveyjs-${SURVEYJS_VERSION}`,
) {
  const folder = process.env.SURVEYJS_DIR ?? path.join(tmpdir(), folderName);
  const modules = path.join(folder, 'node_modules');
  const missing = specs.filter((spec) => {
    const name = spec.slice(0, spec.lastIndexOf('@') > 0 ? spec.lastIndexOf('@') : undefined);
    return !existsSync(path.join(modules, name, 'package.json'));
  });
  if (missing.length === 0) return modules;
  mkdirSync(folder, { recursive: true });
  if (!existsSync(path.join(folder, 'package.json'))) {
    writeFileSync(path.join(folder, 'package.json'), '{ "private": true }\n');
  }
  console.log(`installing ${missing.join(', ')} into ${folder} (once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', ...specs],
    { cwd: folder, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`npm install of ${missing.join(', ')} failed (${result.status})`);
  return modules;
}

/** The files of a SurveyJS page: scripts in load order and the style sheet, as absolute paths. */
export function surveyJsPageFiles() {
  const modules = ensureBenchPackages(SURVEYJS_PAGE_PACKAGES);
  return {
    scripts: [
      path.join(modules, 'survey-core/survey.core.min.js'),
      path.join(modules, 'survey-js-ui/survey-js-ui.min.js'),
    ],
    // The fontless sheet: the default one loads Open Sans from a font CDN, which a bench must not reach.
    styles: [path.join(modules, 'survey-core/survey-core.fontless.min.css')],
  };
}

/** The CSS selector of a rendered SurveyJS question. */
export const SURVEYJS_QUESTION_SELECTOR = '.sd-question[data-name]';

/**
 * Serves a SurveyJS page on a free local port the way a plain site on a CDN would: the page, the
 * SurveyJS scripts and style sheet, and the survey's JSON fetched by the page as an API answer,
 * everything precompressed (brotli, or gzip for clients without it). Gives its URL.
 */
export async function serveSurveyJsPage(survey: Record<string, unknown>) {
  const files = surveyJsPageFiles();
  const assets = new Map<string, { type: string; body: Buffer }>();
  const add = (url: string, type: string, body: Buffer | string) =>
    assets.set(url, { type, body: Buffer.isBuffer(body) ? body : Buffer.from(body) });
  for (const file of files.scripts) add(`/${path.basename(file)}`, 'text/javascript', readFileSync(file));
  for (const file of files.styles) add(`/${path.basename(file)}`, 'text/css', readFileSync(file));
  add('/api/survey.json', 'application/json', JSON.stringify(survey));
  add(
    '/',
    'text/html; charset=utf-8',
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Survey</title>
${files.styles.map((f) => `<link rel="stylesheet" href="/${path.basename(f)}">`).join('\n')}
${files.scripts.map((f) => `<script src="/${path.basename(f)}"></script>`).join('\n')}
</head>
<body>
<div id="surveyContainer"></div>
<script>
fetch('/api/survey.json')
  .then((res) => res.json())
  .then((json) => new Survey.Model(json).render(document.getElementById('surveyContainer')));
</script>
</body>
</html>
`,
  );
  const compressed = new Map(
    [...assets].map(([url, asset]) => [
      url,
      {
        br: brotliCompressSync(asset.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(asset.body, { level: 9 }),
      },
    ]),
  );
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0] as string;
    const asset = assets.get(url);
    const packed = compressed.get(url);
    if (!asset || !packed) {
      res.writeHead(url === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
    res.writeHead(200, {
      'content-type': asset.type,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(encoding ? packed[encoding] : asset.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type LocalizedText = Record<string, string>;
/** The parts of a Trialbase question the mapping reads (a question of a form template document). */
export type MappableQuestion = {
  id: string;
  type: string;
  question?: LocalizedText;
  required?: boolean;
  minValue?: number | null;
  maxValue?: number | null;
  minAnswer?: number | null;
  maxAnswer?: number | null;
  maxLength?: number | null;
  possibilities?: { id: string; possibility?: LocalizedText }[];
  tableRow?: { id: string; title?: LocalizedText }[];
  tableCol?: { id: string; title?: LocalizedText; type?: string }[];
  calculationFormula?: string | null;
  showRules?: { question: string; possibilities: string[] }[];
};

const text = (t: LocalizedText | undefined, language: string) =>
  t?.[language] ?? Object.values(t ?? {})[0] ?? '';

function choices(q: MappableQuestion, language: string) {
  return (q.possibilities ?? []).map((p) => ({ value: p.id, text: text(p.possibility, language) }));
}

/** A show rule ("show when question X has one of these answers") as a SurveyJS visibleIf expression. */
function visibleIf(q: MappableQuestion, byId: Map<string, MappableQuestion>): string | undefined {
  const parts = (q.showRules ?? [])
    .filter((rule) => byId.has(rule.question))
    .map((rule) => `{${rule.question}} anyof [${rule.possibilities.map((p) => `'${p}'`).join(', ')}]`);
  return parts.length > 0 ? parts.join(' or ') : undefined;
}

/** One Trialbase question as the nearest SurveyJS question (the same inputs a participant sees). */
function surveyQuestion(q: MappableQuestion, language: string): Record<string, unknown> {
  const base = { name: q.id, title: text(q.question, language), isRequired: q.required ?? false };
  switch (q.type) {
    case 'NUMBER':
      return {
        ...base,
        type: 'text',
        inputType: 'number',
        min: q.minValue ?? undefined,
        max: q.maxValue ?? undefined,
      };
    case 'TEXT_SENTENCE':
      return { ...base, type: 'text', maxLength: q.maxLength ?? undefined };
    case 'TEXT_FREE':
      return { ...base, type: 'comment', maxLength: q.maxLength ?? undefined };
    case 'DATE':
      return { ...base, type: 'text', inputType: 'date' };
    case 'TIME':
      return { ...base, type: 'text', inputType: 'time' };
    case 'DATE_TIME':
      return { ...base, type: 'text', inputType: 'datetime-local' };
    case 'YES_NO':
    case 'MULTIPLE_CHOICE':
    case 'SMILEY':
      return { ...base, type: 'radiogroup', choices: choices(q, language) };
    case 'MULTIPLE_RESPONSE':
    case 'CHECKBOX':
      return {
        ...base,
        type: 'checkbox',
        choices: choices(q, language),
        minSelectedChoices: q.minAnswer ?? undefined,
        maxSelectedChoices: q.maxAnswer ?? undefined,
      };
    case 'SLIDER':
      return { ...base, type: 'text', inputType: 'range', min: q.minValue ?? 0, max: q.maxValue ?? 10 };
    case 'TABLE':
      return {
        ...base,
        type: 'matrixdropdown',
        rows: (q.tableRow ?? []).map((r) => ({ value: r.id, text: text(r.title, language) })),
        columns: (q.tableCol ?? []).map((c) => ({
          name: c.id,
          title: text(c.title, language),
          cellType: 'text',
          inputType: c.type === 'NUMBER' ? 'number' : 'text',
        })),
      };
    case 'CALCULATED':
      return {
        ...base,
        type: 'expression',
        expression: (q.calculationFormula ?? '').replace(/\bQ(\d+)\b/g, '{q$1}'),
      };
    case 'INFORMATION':
      return { name: q.id, type: 'html', html: text(q.question, language) };
    default:
      return { ...base, type: 'text' };
  }
}

/** A Trialbase form as a one-page SurveyJS survey with the same questions, required flags and show rules. */
export function toSurveyJson(
  form: { title?: LocalizedText; questions: MappableQuestion[] },
  language = 'en',
): Record<string, unknown> {
  const byId = new Map(form.questions.map((q) => [q.id, q]));
  return {
    title: text(form.title, language),
    showQuestionNumbers: 'off',
    checkErrorsMode: 'onValueChanged',
    pages: [
      {
        name: 'page1',
        elements: form.questions.map((q) => {
          const condition = visibleIf(q, byId);
          return { ...surveyQuestion(q, language), ...(condition ? { visibleIf: condition } : {}) };
        }),
      },
    ],
  };
}
