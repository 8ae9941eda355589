import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server';

/** The participant app's namespaces (issue 18: the public pages and the form renderer). */
export const PARTICIPANT_NAMESPACES = [
  'public',
  'public-link',
  'public-signup',
  'public-unsubscribe',
  'public-questionnaire',
  'renderer',
] as const;

type Tree = { [key: string]: string | Tree };

function read(language: string, namespace: string): Tree {
  const file = path.join(repoRoot, 'packages/web/src/locales', language, `${namespace}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : {};
}

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/** Every string of the participant catalogs of a language, by `namespace:KEY.PATH` (empty when absent). */
export function participantStrings(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const ns of PARTICIPANT_NAMESPACES) {
    for (const [key, value] of flatten(read(language, ns))) all.set(`${ns}:${key}`, value);
  }
  return all;
}

/**
 * A participant string in `language`, English where the language has none yet (as the app falls
 * back key by key); `{{name}}` placeholders filled from `values`. `key` is `namespace:KEY.PATH`.
 */
export function participantText(language: string, key: string, values: Record<string, string> = {}): string {
  const text = participantStrings(language).get(key) ?? participantStrings('en').get(key);
  if (text === undefined) throw new Error(`no participant string ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/**
 * Issue 18 must-show "no English string on screen": the English catalog strings found in `shown`
 * (the page's visible text) although `language` has its own, different text for that key. Strings
 * with placeholders are matched by their fixed parts; strings under 4 letters are left out (they
 * occur inside words), as are those the language writes the same way as English.
 */
export function englishLeftIn(shown: string, language: string): string[] {
  const english = participantStrings('en');
  const own = participantStrings(language);
  const found: string[] = [];
  const text = shown.replace(/\s+/g, ' ');
  for (const [key, value] of english) {
    const translated = own.get(key);
    if (translated !== undefined && translated.trim() === value.trim()) continue;
    const parts = value
      .split(/\{\{[^}]+\}\}/)
      .map((p) => p.trim())
      .filter((p) => p.replace(/[^\p{L}]/gu, '').length >= 4);
    if (parts.length === 0) continue;
    if (parts.every((p) => new RegExp(`(^|[^\\p{L}])${asPattern(p)}($|[^\\p{L}])`, 'u').test(text))) {
      found.push(`${key}: "${value}"`);
    }
  }
  return found;
}

function asPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
}
