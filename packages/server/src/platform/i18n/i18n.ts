/**
 * The texts the server sends people (issue 18 item 3): emails, SMS and one-time codes come from
 * i18next JSON catalogs, `locales/{lng}/{ns}.json` (namespace = server module area), read once at
 * start into one i18next instance. `t` is synchronous. A message goes out in the first of the
 * languages given that has the key (domain `messageLanguages`: the recipient's language, the
 * study's primary language, English).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n, type TOptions } from 'i18next';

import type access from '../../locales/en/access.json';
import type adverseEvents from '../../locales/en/adverse-events.json';
import type audit from '../../locales/en/audit.json';
import type casebooks from '../../locales/en/casebooks.json';
import type econsent from '../../locales/en/econsent.json';
import type enrollments from '../../locales/en/enrollments.json';
import type medication from '../../locales/en/medication.json';
import type publicTexts from '../../locales/en/public.json';
import type queries from '../../locales/en/queries.json';
import type randomization from '../../locales/en/randomization.json';
import type users from '../../locales/en/users.json';
import type webhooks from '../../locales/en/webhooks.json';

/** The English catalogs, the source: every key of every language (issue 18 item 1). */
type Sources = {
  access: typeof access;
  'adverse-events': typeof adverseEvents;
  audit: typeof audit;
  casebooks: typeof casebooks;
  econsent: typeof econsent;
  enrollments: typeof enrollments;
  medication: typeof medication;
  public: typeof publicTexts;
  queries: typeof queries;
  randomization: typeof randomization;
  users: typeof users;
  webhooks: typeof webhooks;
};

/** The server's namespaces (one per module area that sends texts). */
export const SERVER_NAMESPACES = [
  'access',
  'adverse-events',
  'audit',
  'casebooks',
  'econsent',
  'enrollments',
  'medication',
  'public',
  'queries',
  'randomization',
  'users',
  'webhooks',
] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number] & keyof Sources;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** The dotted paths of a catalog's texts, plural forms under their one key (`BODY_one` → `BODY`). */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the English catalogs, written `ns:KEY.PATH` as i18next does: a mistyped key does not compile. */
export type ServerKey = { [N in ServerNamespace]: `${N}:${KeysOf<Sources[N]>}` }[ServerNamespace];

/** Finds the catalogs: beside the bundle in production (dist/locales), in src/locales in development. */
export function resolveLocalesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, 'locales'), path.resolve(here, '../../locales')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'en')));
  if (!found) throw new Error(`Server text catalogs not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Reads every `{lng}/{ns}.json` under `dir` into i18next resources. Invalid JSON stops the start. */
export function readCatalogs(dir: string): Record<string, Record<string, unknown>> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lng of readdirSync(dir, { withFileTypes: true })) {
    if (!lng.isDirectory()) continue;
    for (const file of readdirSync(path.join(dir, lng.name))) {
      if (!file.endsWith('.json')) continue;
      const full = path.join(dir, lng.name, file);
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(full, 'utf8'));
      } catch (error) {
        throw new Error(`Invalid JSON in ${full}: ${(error as Error).message}`);
      }
      const code = lng.name.toLowerCase();
      resources[code] ??= {};
      resources[code][file.slice(0, -'.json'.length)] = parsed;
    }
  }
  return resources;
}

let instance: i18n | null = null;

/** Loads the catalogs (once; main calls it at start so a missing folder fails at once). */
export function loadServerI18n(dir: string = resolveLocalesDir()): i18n {
  if (instance) return instance;
  const created = createInstance();
  created.init({
    resources: readCatalogs(dir) as never,
    initAsync: false,
    lng: 'en',
    fallbackLng: 'en',
    ns: [...SERVER_NAMESPACES],
    defaultNS: false,
    // Study language codes are lower case with the region after a hyphen (he-il, zh-cn).
    lowerCaseLng: true,
    load: 'currentOnly',
    // Plain-text emails and SMS: no HTML escaping of links or names.
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    showSupportNotice: false,
  } as never);
  instance = created;
  return created;
}

/**
 * Tests only: serve the catalogs of `dir` from now on (a partial language, say), or the shipped
 * ones again with null. The next text reads them.
 */
export function useServerCatalogs(dir: string | null): void {
  instance = null;
  if (dir) loadServerI18n(dir);
}

/**
 * The text of `key` in the first of `languages` that has it (English last), with `vars`
 * interpolated; `count` picks the plural form of the language the text is in.
 */
export function t(languages: string | readonly string[], key: ServerKey, vars: TOptions = {}): string {
  const lngs = typeof languages === 'string' ? [languages] : [...languages];
  const [lng = 'en', ...rest] = lngs.map((l) => l.toLowerCase());
  const text = loadServerI18n().t(key, { ...vars, lng, fallbackLng: [...rest, 'en'] } as never);
  return String(text);
}
