import type { BackendModule } from 'i18next';
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

  /** Downloads under way or done, one per file (a failed one may be tried again). */
  const downloads = new Map<string, Promise<Catalog>>();

  function download(language: string, namespace: string): Promise<Catalog> {
    const id = `${language}/${namespace}`;
    const load = LOADERS.get(id);
    // A language without a file of this namespace (yet): its keys show in English.
    if (!load) return Promise.resolve({});
    let loading = downloads.get(id);
    if (!loading) {
      loading = load().catch((error: unknown) => {
        downloads.delete(id);
        throw error;
      });
      downloads.set(id, loading);
    }
    return loading;
  }

  /**
   * The i18next backend of both apps: `i18n.loadNamespaces(namespaces)` downloads those namespaces
   * in the active language and its fallbacks (i18next's `fallbackLng`, English; a regional language
   * also its base language when there are catalogs of it), each file once; `changeLanguage` loads,
   * in the new language, the namespaces loaded so far (i18next's `ns`), and nothing else. Strings of
   * a language are handed over only with the English ones of that namespace, so a partial language
   * never shows a key while its English fallback is still on its way.
   */
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const code = normalizeLanguageCode(language);
      const english = code === FALLBACK_LANGUAGE ? null : download(FALLBACK_LANGUAGE, namespace);
      Promise.all([download(code, namespace), english]).then(
        ([catalog]) => callback(null, catalog),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
    },
  };

  return { namespacesOf, languagesWith, hasCatalog, backend };
}
