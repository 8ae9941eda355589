import type { i18n as I18n } from 'i18next';
import { FALLBACK_LANGUAGE, normalizeLanguageCode } from './languages';

/** A catalog, `locales/{language}/{namespace}.json`: i18next JSON v4, English the source. */
export type Catalog = { [key: string]: string | Catalog };

/** Participant namespaces: public, public-*, and the form renderer's (all 52 study languages). */
export function isParticipantNamespace(namespace: string): boolean {
  return namespace === 'public' || namespace.startsWith('public-') || namespace === 'renderer';
}

/** Staff app namespaces: everything but the participant pages' own (the renderer is shared). */
export function isStaffNamespace(namespace: string): boolean {
  return namespace !== 'public' && !namespace.startsWith('public-');
}

/**
 * The catalogs an app bundles, from its `import.meta.glob` of `locales/{language}/{namespace}.json`
 * (each file its own chunk, loaded on demand). Each app globs the namespaces it uses, so a file
 * dropped into locales/ is found without code changes and neither app carries the other's files.
 */
export function catalogsOf(files: Record<string, () => Promise<Catalog>>) {
  const LOADERS = new Map<string, () => Promise<Catalog>>();
  const BY_LANGUAGE = new Map<string, Set<string>>();
  for (const [file, load] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    LOADERS.set(`${match[1]}/${match[2]}`, load);
    const namespaces = BY_LANGUAGE.get(match[1]) ?? new Set<string>();
    namespaces.add(match[2]);
    BY_LANGUAGE.set(match[1], namespaces);
  }
  /** Downloads under way or done, per i18next instance (one per app; tests make their own). */
  const pendingOf = new WeakMap<I18n, Map<string, Promise<void>>>();

  /** The namespaces English has (every namespace starts there), sorted. */
  function namespacesOf(language: string = FALLBACK_LANGUAGE): string[] {
    return [...(BY_LANGUAGE.get(language) ?? [])].sort();
  }

  /** Languages with a catalog of this namespace (staff UI languages: those with `common`). */
  function languagesWith(namespace: string): string[] {
    return [...BY_LANGUAGE]
      .filter(([, namespaces]) => namespaces.has(namespace))
      .map(([language]) => language);
  }

  function hasCatalog(language: string, namespace: string): boolean {
    return LOADERS.has(`${language}/${namespace}`);
  }

  /**
   * The languages whose strings a page in `language` uses, most specific first: the language, its
   * base language when there are catalogs of it (`pt-br` → `pt`), then English. i18next looks keys
   * up in this order (fallbackLng), so a partial language falls back to English key by key.
   */
  function languageChain(language: string): string[] {
    const code = normalizeLanguageCode(language);
    const base = code.split('-')[0] ?? code;
    const chain = [code];
    if (base !== code && BY_LANGUAGE.has(base)) chain.push(base);
    if (!chain.includes(FALLBACK_LANGUAGE)) chain.push(FALLBACK_LANGUAGE);
    return chain;
  }

  /**
   * Adds these namespaces of `language` (and its fallbacks) to i18next, each file once. A namespace
   * a language has no file of yet is skipped: its keys show in English. A failed download may be
   * tried again by the next call.
   */
  function loadCatalogs(i18n: I18n, language: string, namespaces: Iterable<string>): Promise<void> {
    const loads: Promise<void>[] = [];
    let pending = pendingOf.get(i18n);
    if (!pending) {
      pending = new Map();
      pendingOf.set(i18n, pending);
    }
    for (const code of languageChain(language)) {
      for (const namespace of namespaces) {
        const id = `${code}/${namespace}`;
        const load = LOADERS.get(id);
        if (!load || i18n.hasResourceBundle(code, namespace)) continue;
        let loading = pending.get(id);
        if (!loading) {
          loading = load().then(
            (catalog) => {
              i18n.addResourceBundle(code, namespace, catalog, true, true);
            },
            (error: unknown) => {
              pending?.delete(id);
              throw error;
            },
          );
          pending.set(id, loading);
        }
        loads.push(loading);
      }
    }
    return Promise.all(loads).then(() => undefined);
  }

  return { namespacesOf, languagesWith, hasCatalog, languageChain, loadCatalogs };
}
