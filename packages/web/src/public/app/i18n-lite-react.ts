import { useMemo, useSyncExternalStore } from 'react';
import i18next, { type LiteI18n, type TOptions } from './i18n-lite';

/**
 * The participant build's `react-i18next` (see i18n-lite.ts): `useTranslation`, `getI18n` and
 * `initReactI18next` as react-i18next 16 gives them with its defaults: the namespaces asked for
 * (else the default one) must be loaded in the language and its fallback before the component
 * renders (it suspends while they load, `useSuspense`); `t` looks keys up from the first of them,
 * in the language of the render; a language change renders the component again (`bindI18n:
 * 'languageChanged'`).
 */

type T = (key: string | string[], options?: TOptions | string) => string;

let instance: LiteI18n = i18next;

export const initReactI18next = {
  type: '3rdParty' as const,
  init(i18n: LiteI18n) {
    instance = i18n;
  },
};

export function getI18n(): LiteI18n {
  return instance;
}

const fixedTs = new Map<string, T>();
/** One `t` per language and namespace, as react-i18next keeps one until the language changes. */
function fixedT(language: string, ns: string): T {
  const id = `${language}|${ns}`;
  let t = fixedTs.get(id);
  if (!t) {
    t = instance.getFixedT(language, ns);
    fixedTs.set(id, t);
  }
  return t;
}

const subscribe = (callback: () => void) => {
  instance.on('languageChanged', callback);
  return () => instance.off('languageChanged', callback);
};
const languageOf = () => instance.language;

export function useTranslation(ns?: string | readonly string[]) {
  const i18n = instance;
  const namespaces: string[] = ns ? (typeof ns === 'string' ? [ns] : [...ns]) : [i18n.options.defaultNS];
  const language = useSyncExternalStore(subscribe, languageOf, languageOf);
  const ready = i18n.isInitialized && namespaces.every((n) => i18n.hasLoadedNamespace(n));
  const first = namespaces[0] as string;
  const t = fixedT(language, first);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result per language, as react-i18next's
  const result = useMemo(() => {
    const value = [t, i18n, ready] as unknown as [T, LiteI18n, boolean] & {
      t: T;
      i18n: LiteI18n;
      ready: boolean;
    };
    value.t = t;
    value.i18n = i18n;
    value.ready = ready;
    return value;
  }, [t, i18n, ready, language]);
  // Suspends until they are loaded (react-i18next's useSuspense).
  if (!ready) throw i18n.loadNamespaces(namespaces);
  return result;
}
