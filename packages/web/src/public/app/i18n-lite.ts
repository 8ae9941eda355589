/**
 * The participant build's `i18next` (issue 16: fill page <= 190 KiB gzip; i18next is about 13 KiB
 * gzip of it): the part of i18next's instance the participant pages, the shared form renderer and
 * app/form-errors.ts use, with i18next's lookup rules for what the participant catalogs hold.
 * vite.config.ts aliases `i18next` to this module and `react-i18next` to i18n-lite-react.ts in the
 * participant build only; the staff app, development and unit tests use i18next itself.
 *
 * Kept to i18next's behaviour (i18next 25, checked key by key against it for every participant
 * catalog in i18n-lite.test.ts): namespaces in order (the asked or default one, then fallbackNS),
 * in each the language's hierarchy (`pt-br`, `pt`, `en`); nested and dotted keys; `count` plural
 * keys (`_one`, `_other`, `_zero`); `defaultValue`; `{{name}}` and `{{- name}}` interpolation (a
 * variable not passed stays as written); `ns:key`; a key that names an object gives i18next's
 * message; a missing key gives the key. Not supported: formats (`{{x, number}}`), nesting
 * (`$t(...)`), context, ordinal plurals, returnObjects, postprocessors; i18n-lite.test.ts fails if
 * a participant catalog starts using one of those.
 */

export type Catalog = { [key: string]: string | Catalog };
type ReadCallback = (error: unknown, data: Catalog | false | null | undefined) => void;
type Module =
  | {
      type: 'backend';
      init?: (...args: unknown[]) => void;
      read: (lng: string, ns: string, cb: ReadCallback) => void;
    }
  | { type: '3rdParty'; init: (instance: LiteI18n) => void }
  | { type: string };
type InitOptions = {
  ns?: string | string[];
  defaultNS?: string;
  fallbackNS?: string | string[] | false;
  lng?: string;
  fallbackLng?: string;
  lowerCaseLng?: boolean;
  interpolation?: { escapeValue?: boolean };
  [option: string]: unknown;
};
type Options = InitOptions & { ns: string[]; defaultNS: string; fallbackLng: string };
export type TOptions = { [option: string]: unknown };
type Listener = (...args: unknown[]) => void;

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const NATURAL_LANGUAGE_CHARS = /( |,|\?|!|;)/;
const VARIABLE = /\{\{(.+?)\}\}/g;
const UNESCAPED_VARIABLE = /\{\{-(.+?)\}\}/g;
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '/': '&#x2F;',
};

/** `t`'s second argument as i18next takes it: options (copied), or a default value. */
function toOptions(options: TOptions | string | undefined): TOptions {
  if (typeof options === 'object' && options !== null) return { ...options };
  return options === undefined ? {} : { defaultValue: options };
}

// biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is missing in the minimum browsers (spec 000 §1).
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** i18next's looksLikeObjectPath with its default separators: a key, not a sentence. */
function looksLikeObjectPath(key: string): boolean {
  if (!NATURAL_LANGUAGE_CHARS.test(key)) return true;
  const at = key.indexOf(KEY_SEPARATOR);
  return at > 0 && !NATURAL_LANGUAGE_CHARS.test(key.substring(0, at));
}

/** i18next's deepFind: nested keys, and keys that hold the separator themselves. */
function deepFind(object: unknown, path: string): unknown {
  if (!isObject(object)) return undefined;
  if (object[path]) return own(object, path) ? object[path] : undefined;
  const tokens = path.split(KEY_SEPARATOR);
  let current: unknown = object;
  for (let i = 0; i < tokens.length; ) {
    if (!isObject(current)) return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += KEY_SEPARATOR;
      nextPath += tokens[j];
      next = current[nextPath];
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

/** i18next's getPath over a catalog: each step an own property. */
function getPath(object: unknown, path: readonly string[]): unknown {
  let current = object;
  for (const step of path) {
    if (!isObject(current) || !own(current, step)) return undefined;
    current = current[step];
  }
  return current;
}

const pluralRules = new Map<string, Intl.PluralRules | null>();
/** i18next's PluralResolver.getRule (cardinal): the code's rules, else its language's. */
function pluralRule(code: string): Intl.PluralRules | null {
  const cleaned = code.replace('_', '-');
  let rule = pluralRules.get(cleaned);
  if (rule === undefined) {
    try {
      rule = new Intl.PluralRules(cleaned, { type: 'cardinal' });
    } catch {
      rule = /-|_/.test(code) ? pluralRule(languagePart(code)) : null;
    }
    pluralRules.set(cleaned, rule);
  }
  return rule;
}

/** i18next's formatLanguageCode with lowerCaseLng. */
function formatCode(code: string, lowerCase: boolean): string {
  if (code.includes('-')) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(code)[0];
    } catch {}
    if (canonical) return lowerCase ? canonical.toLowerCase() : canonical;
  }
  return lowerCase ? code.toLowerCase() : code;
}

function languagePart(code: string): string {
  return code.includes('-') || code.includes('_') ? (code.replace('_', '-').split('-')[0] ?? code) : code;
}

class LiteI18n {
  language = '';
  languages: string[] = [];
  resolvedLanguage: string | undefined;
  isInitialized = false;
  options: Options = { ns: ['translation'], defaultNS: 'translation', fallbackLng: 'dev' };
  private backend: Extract<Module, { type: 'backend' }> | null = null;
  private readonly external: Extract<Module, { type: '3rdParty' }>[] = [];
  private readonly store = new Map<string, Map<string, Catalog>>();
  /** `${lng}|${ns}`: 1 loading, 2 loaded, -1 failed (i18next's backend connector states). */
  private readonly state = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private languageChangingTo: string | undefined;

  readonly services = {
    languageUtils: { toResolveHierarchy: (code: string) => this.toResolveHierarchy(code) },
  };

  use(module: Module): this {
    if (module.type === 'backend') this.backend = module as Extract<Module, { type: 'backend' }>;
    if (module.type === '3rdParty') this.external.push(module as Extract<Module, { type: '3rdParty' }>);
    return this;
  }

  init(options: InitOptions = {}, callback?: (error: unknown) => void): Promise<void> {
    const ns = typeof options.ns === 'string' ? [options.ns] : [...(options.ns ?? ['translation'])];
    const defaultNS = options.defaultNS ?? ns[0] ?? 'translation';
    this.options = {
      ...options,
      ns,
      defaultNS,
      fallbackLng: options.fallbackLng ?? 'dev',
      lowerCaseLng: options.lowerCaseLng ?? false,
    };
    this.backend?.init?.();
    for (const module of this.external) module.init(this);
    const lng = options.lng ?? this.options.fallbackLng;
    return this.changeLanguage(lng).then((error) => {
      this.isInitialized = true;
      this.emit('initialized', this.options);
      callback?.(error);
    });
  }

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
  }

  off(event: string, listener?: Listener): void {
    if (!listener) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** i18next's LanguageUtil.toResolveHierarchy (load 'all'): the code, its language, the fallback. */
  toResolveHierarchy(code: string): string[] {
    const lower = this.options.lowerCaseLng === true;
    const codes: string[] = [];
    const add = (c: string | null | undefined) => {
      if (c) codes.push(c);
    };
    if (code && (code.includes('-') || code.includes('_'))) {
      add(formatCode(code, lower));
      const parts = code.split('-');
      if (parts.length > 2 && parts[parts.length - 2]?.toLowerCase() !== 'x') {
        add(formatCode(parts.slice(0, -1).join('-'), lower));
      }
      add(formatCode(languagePart(code), lower));
    } else if (code) {
      add(formatCode(code, lower));
    }
    const fallback = formatCode(this.options.fallbackLng, lower);
    if (!codes.includes(fallback)) add(fallback);
    return codes;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store.get(lng)?.has(ns) ?? false;
  }

  private hasSomeTranslations(lng: string | undefined): boolean {
    const bundles = lng ? this.store.get(lng) : undefined;
    return !!bundles && [...bundles.values()].some((bundle) => Object.keys(bundle).length > 0);
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.languages = this.toResolveHierarchy(lng);
    this.resolvedLanguage = this.languages.find((code) => this.hasSomeTranslations(code));
  }

  /**
   * Reads (with `reload`, reads again) these catalogs as i18next's backend connector does: a
   * catalog being read is waited for, one that failed is not read again. Resolves with the
   * failures, or null.
   */
  private load(languages: string[], namespaces: string[], reload = false): Promise<unknown> {
    const reads: Promise<string | null>[] = [];
    for (const lng of languages)
      for (const ns of namespaces) {
        const name = `${lng}|${ns}`;
        if (!reload && this.hasResourceBundle(lng, ns)) {
          this.state.set(name, 2);
          continue;
        }
        if ((this.state.get(name) ?? 0) < 0) continue;
        reads.push(
          new Promise((resolve) =>
            this.read(lng, ns, () => resolve(this.state.get(name) === -1 ? name : null)),
          ),
        );
      }
    return Promise.all(reads).then((results) => {
      const failed = results.filter(Boolean);
      return failed.length > 0 ? failed : null;
    });
  }

  private read(lng: string, ns: string, then: () => void): void {
    const name = `${lng}|${ns}`;
    const waiting = this.waiting.get(name);
    if (waiting) {
      waiting.push(then);
      return;
    }
    const callbacks = [then];
    this.waiting.set(name, callbacks);
    this.state.set(name, 1);
    const done: ReadCallback = (error, data) => {
      if (!error && data) {
        let bundles = this.store.get(lng);
        if (!bundles) {
          bundles = new Map();
          this.store.set(lng, bundles);
        }
        bundles.set(ns, data);
      }
      this.state.set(name, error ? -1 : 2);
      this.waiting.delete(name);
      for (const callback of callbacks) callback();
    };
    if (this.backend) this.backend.read(lng, ns, done);
    else done(null, {});
  }

  private loadResources(language?: string): Promise<unknown> {
    return this.load(this.toResolveHierarchy(language || this.language), this.options.ns);
  }

  changeLanguage(lng: string): Promise<unknown> {
    this.languageChangingTo = lng;
    const l = this.hasSomeTranslations(lng) ? lng : formatCode(lng, this.options.lowerCaseLng === true);
    if (!this.language) this.setLanguage(l);
    return this.loadResources(l).then((error) => {
      if (this.languageChangingTo === lng) {
        this.setLanguage(l);
        this.languageChangingTo = undefined;
        this.emit('languageChanged', l);
      }
      return error;
    });
  }

  loadNamespaces(ns: string | string[], callback?: (error: unknown) => void): Promise<void> {
    for (const n of typeof ns === 'string' ? [ns] : ns)
      if (!this.options.ns.includes(n)) this.options.ns.push(n);
    return this.loadResources().then((error) => {
      if (!this.resolvedLanguage && this.language) this.setLanguage(this.language);
      callback?.(error);
    });
  }

  reloadResources(languages?: string[], ns?: string[]): Promise<void> {
    return this.load(languages ?? this.languages, ns ?? this.options.ns, true).then(() => undefined);
  }

  /** i18next's hasLoadedNamespace (what react-i18next's `ready` reads). */
  hasLoadedNamespace(ns: string): boolean {
    if (!this.isInitialized || this.languages.length === 0) return false;
    const lng = this.resolvedLanguage ?? this.languages[0] ?? '';
    const lastLng = this.languages[this.languages.length - 1] ?? '';
    if (this.hasResourceBundle(lng, ns) || !this.backend) return true;
    const notPending = (l: string) => {
      const state = this.state.get(`${l}|${ns}`);
      return state === -1 || state === 0 || state === 2;
    };
    return notPending(lng) && notPending(lastLng);
  }

  private getResource(code: string, ns: string, key: string): unknown {
    const catalog = this.store.get(code)?.get(ns);
    const result = getPath(catalog, key.split(KEY_SEPARATOR));
    return result ? result : deepFind(catalog, key);
  }

  private extractFromKey(key: string, opt: TOptions): { key: string; namespaces: string[] } {
    let namespaces: string | string[] = (opt.ns as string | string[] | undefined) ?? this.options.defaultNS;
    if (key.includes(NS_SEPARATOR) && looksLikeObjectPath(key)) {
      const parts = key.split(NS_SEPARATOR);
      namespaces = parts.shift() as string;
      key = parts.join(KEY_SEPARATOR);
    }
    return { key, namespaces: typeof namespaces === 'string' ? [namespaces] : namespaces };
  }

  private resolve(keys: string[], opt: TOptions): { found: unknown; key: string } {
    let found: unknown;
    let usedKey = '';
    const valid = () => found !== undefined && found !== null;
    const fallbackNS = this.options.fallbackNS;
    const count = opt.count;
    const needsPlural = count !== undefined && typeof count !== 'string';
    const codes = this.toResolveHierarchy((opt.lng as string | undefined) || this.language);
    for (const k of keys) {
      if (valid()) break;
      const extracted = this.extractFromKey(k, opt);
      usedKey = extracted.key;
      const namespaces = fallbackNS ? extracted.namespaces.concat(fallbackNS) : extracted.namespaces;
      for (const ns of namespaces) {
        if (valid()) break;
        for (const code of codes) {
          if (valid()) break;
          const finalKeys = [usedKey];
          if (needsPlural) {
            const rule = pluralRule(code) ?? pluralRule('en');
            finalKeys.push(`${usedKey}_${rule?.select(count as number) ?? 'other'}`);
            if (count === 0) finalKeys.push(`${usedKey}_zero`);
          }
          for (let possible = finalKeys.pop(); possible !== undefined; possible = finalKeys.pop())
            if (!valid()) found = this.getResource(code, ns, possible);
        }
      }
    }
    return { found, key: usedKey };
  }

  exists = (key: string, options: TOptions = {}): boolean => {
    if (key == null) return false;
    return this.resolve([String(key)], options).found !== undefined;
  };

  t = (keys: string | string[], options?: TOptions | string): string => {
    const opt = toOptions(options);
    if (keys == null) return '';
    const list = Array.isArray(keys) ? keys.map(String) : [String(keys)];
    const { found, key } = this.resolve(list, opt);
    const hasDefault = Object.keys(opt).some((k) => k.startsWith('defaultValue') && opt[k] !== undefined);
    let res: unknown = found;
    if (isObject(res)) return `key '${key} (${this.language})' returned an object instead of string.`;
    if ((res === undefined || res === null) && hasDefault) res = opt.defaultValue;
    if (res === undefined || res === null) res = key;
    return typeof res === 'string' ? this.interpolate(res, opt) : (res as string);
  };

  getFixedT(lng: string | null, ns?: string | string[]) {
    return (key: string | string[], options?: TOptions | string) => {
      const opt = toOptions(options);
      opt.lng = opt.lng || lng || undefined;
      opt.ns = opt.ns || ns;
      return this.t(key, opt);
    };
  }

  /** i18next's Interpolator.interpolate, its default prefixes, no formats (see the module's note). */
  private interpolate(text: string, opt: TOptions): string {
    const data = isObject(opt.replace) ? opt.replace : opt;
    const escapes = this.options.interpolation?.escapeValue !== false;
    const replaceAll = (source: string, pattern: RegExp, escaped: boolean) =>
      source.replace(pattern, (match, name: string) => {
        const variable = name.trim();
        let value = own(data, variable) && data[variable] ? data[variable] : deepFind(data, variable);
        if (value === undefined) {
          if (own(opt, variable)) value = '';
          else return match;
        }
        const string = typeof value === 'string' ? value : value == null ? '' : `${value}`;
        return escaped ? string.replace(/[&<>"'/]/g, (c) => HTML_ESCAPES[c] ?? c) : string;
      });
    return replaceAll(replaceAll(text, UNESCAPED_VARIABLE, false), VARIABLE, escapes);
  }
}

export type { LiteI18n };

const i18next = new LiteI18n();
export default i18next;

/** A separate instance (tests). */
export function createInstance(): LiteI18n {
  return new LiteI18n();
}
