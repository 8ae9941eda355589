/**
 * XLIFF 2.0 (OASIS, urn:oasis:names:tc:xliff:document:2.0) out and back in (issue 18 item 5, ours:
 * the spec has no file format). One `<file>` per form, process or rule, one `<unit>` per translatable
 * text with the stable unit id of the domain (translations/units.ts); source is the study's primary
 * language, target the language. Notes carry what a translator needs: the kind of text, where it
 * sits, its length limit, whether it is required and the placeholders it must keep. Rich texts
 * travel as escaped HTML text (no inline codes), so any tool keeps them as they are.
 *
 * Reading uses saxes, a strict (well-formedness checking), namespace-aware XML parser: no DTDs or
 * entities beyond XML's own are expanded, so a file cannot pull in anything outside itself.
 */
import type { TranslationGroup, TranslationUnit, XliffFileError } from '@trialbase/domain';
import { SaxesParser, type SaxesTagNS } from 'saxes';

export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';
export const XLIFF_CONTENT_TYPE = 'application/xliff+xml; charset=utf-8';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

function note(category: string, text: string | number): string {
  return `<note category="${category}">${escapeXml(String(text))}</note>`;
}

/** Where the unit sits, for the translator: `Form "Baseline" · Q3 · #2`. */
function locationOf(group: TranslationGroup, unit: TranslationUnit): string {
  const holder =
    group.type === 'FORM' ? 'Form' : group.type === 'PROCESS' ? 'Process' : 'Validation rule of form';
  const parts = [`${holder} "${group.name}"`];
  const order = unit.questionOrder ?? group.questionOrder;
  if (order !== null) parts.push(`Q${order}`);
  if (unit.position !== null) parts.push(`#${unit.position}`);
  return parts.join(' · ');
}

function unitXml(group: TranslationGroup, unit: TranslationUnit): string {
  const notes = [
    note('kind', unit.kind),
    note('location', locationOf(group, unit)),
    note('format', unit.format),
    note('maxLength', unit.maxLength),
    ...(unit.isRequired ? [note('required', 'true')] : []),
    ...(unit.placeholders.length > 0 ? [note('placeholders', unit.placeholders.join(' '))] : []),
  ];
  const isTranslated = unit.target.trim() !== '';
  const target = isTranslated ? `\n        <target>${escapeXml(unit.target)}</target>` : '';
  return [
    `    <unit id="${escapeXml(unit.id)}">`,
    `      <notes>${notes.join('')}</notes>`,
    `      <segment state="${isTranslated ? 'translated' : 'initial'}">`,
    `        <source>${escapeXml(unit.source)}</source>${target}`,
    '      </segment>',
    '    </unit>',
  ].join('\n');
}

/** The XLIFF 2.0 document of a study language: every group with a unit to translate. */
export function buildXliff(input: {
  sourceLanguage: string;
  targetLanguage: string;
  groups: readonly TranslationGroup[];
}): string {
  const files = input.groups
    .filter((g) => g.units.length > 0)
    .map((g) =>
      [
        `  <file id="${escapeXml(`${g.type.toLowerCase()}.${g.id}`)}" original="${escapeXml(g.name)}">`,
        ...g.units.map((u) => unitXml(g, u)),
        '  </file>',
      ].join('\n'),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="${escapeXml(input.sourceLanguage)}" trgLang="${escapeXml(input.targetLanguage)}">`,
    ...files,
    '</xliff>',
    '',
  ].join('\n');
}

/** One unit read from a file: its id and, when the file has a target, the target's text. */
export type XliffUnit = { id: string; target: string | null; line: number };

export type XliffReadResult =
  | { ok: true; sourceLanguage: string; targetLanguage: string; units: XliffUnit[] }
  | { ok: false; error: XliffFileError; detail: string };

type UnitState = { id: string; line: number; target: string; hasTarget: boolean };

/**
 * Reads an XLIFF 2.0 file: the languages and every unit's id and target text (segments and
 * ignorables of a unit joined in order; the text inside `mrk` and `pc` counts, `cp` gives its
 * character, and codes without text (ph, sc, ec, sm, em) are dropped).
 * Anything not well-formed, or not XLIFF 2.0, is a file error; unit checks are the caller's.
 */
export function readXliff(text: string): XliffReadResult {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: { version: string; srcLang: string; trgLang: string } | null = null;
  let error: { error: XliffFileError; detail: string } | null = null;
  const units: XliffUnit[] = [];
  let unit: UnitState | null = null;
  let inTarget = 0;
  let depth = 0;

  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    const attr = (name: string) => tag.attributes[name]?.value ?? '';
    if (depth === 1) {
      if (tag.local !== 'xliff' || tag.uri !== XLIFF_NAMESPACE) {
        error ??= { error: 'XLIFF_VERSION', detail: `root element ${tag.name} is not an XLIFF 2.0 document` };
        return;
      }
      root = { version: attr('version'), srcLang: attr('srcLang'), trgLang: attr('trgLang') };
      return;
    }
    if (tag.uri !== XLIFF_NAMESPACE) return;
    if (tag.local === 'unit') {
      unit = { id: attr('id'), line: parser.line, target: '', hasTarget: false };
    } else if (tag.local === 'target' && unit) {
      inTarget += 1;
      unit.hasTarget = true;
    } else if (tag.local === 'cp' && inTarget > 0 && unit) {
      const code = Number.parseInt(attr('hex'), 16);
      if (Number.isFinite(code) && code >= 0 && code <= 0x10ffff) unit.target += String.fromCodePoint(code);
    }
  });
  parser.on('text', (value: string) => {
    if (unit && inTarget > 0) unit.target += value;
  });
  parser.on('cdata', (value: string) => {
    if (unit && inTarget > 0) unit.target += value;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    depth -= 1;
    if (tag.uri !== XLIFF_NAMESPACE) return;
    if (tag.local === 'target') inTarget = Math.max(0, inTarget - 1);
    else if (tag.local === 'unit' && unit) {
      units.push({ id: unit.id, target: unit.hasTarget ? unit.target : null, line: unit.line });
      unit = null;
    }
  });
  try {
    parser.write(text).close();
  } catch (e) {
    return { ok: false, error: 'XLIFF_MALFORMED', detail: e instanceof Error ? e.message : String(e) };
  }
  if (error) return { ok: false, ...(error as { error: XliffFileError; detail: string }) };
  const found = root as { version: string; srcLang: string; trgLang: string } | null;
  if (!found) return { ok: false, error: 'XLIFF_MALFORMED', detail: 'no root element' };
  if (found.version !== '2.0' && !found.version.startsWith('2.')) {
    return { ok: false, error: 'XLIFF_VERSION', detail: `version ${found.version || '(none)'}` };
  }
  return { ok: true, sourceLanguage: found.srcLang, targetLanguage: found.trgLang, units };
}
