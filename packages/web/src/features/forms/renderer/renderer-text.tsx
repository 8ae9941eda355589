import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { getI18n, useTranslation } from 'react-i18next';

/** The translate function of the renderer's strings (keys RENDERER.*, found through the fallback namespaces). */
export type RendererT = TFunction<'common', undefined>;

// Outside a renderer (a test rendering one question), the app's i18next instance translates.
const defaultT = ((key: string, options?: object) =>
  (getI18n() as unknown as { t: (key: string, options?: object) => string }).t(
    key,
    options,
  )) as unknown as RendererT;
const RendererTextContext = createContext<RendererT>(defaultT);

/**
 * One subscription to the language for the whole form (issue 16 item 6): every question and input
 * reads the renderer's `t` from here instead of each calling `useTranslation` (a 300-question form
 * held some 500 of them, each with its own listeners, about 60 ms of its first render). A language
 * change renders the renderer again with a new `t`, and every reader with it.
 *
 * The renderer's keys (RENDERER.*) live in namespace `renderer`, looked up first (before, each key
 * was looked for in the page's default and every fallback namespace), and each text is translated
 * once per language: "(required)" is one lookup for the whole form, not one per required question.
 */
export function RendererTextProvider({ children }: { children: ReactNode }) {
  const { t, i18n, ready } = useTranslation('renderer');
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cache per language and once the strings are there
  const cached = useMemo(() => {
    const texts = new Map<string, string>();
    return ((key: string, options?: object) => {
      const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
      let text = texts.get(id);
      if (text === undefined) {
        text = String(t(key as 'RENDERER.REQUIRED', options as undefined));
        texts.set(id, text);
      }
      return text;
    }) as unknown as RendererT;
  }, [t, language, ready]);
  return <RendererTextContext.Provider value={cached}>{children}</RendererTextContext.Provider>;
}

/** The renderer's translate function, as `useTranslation().t` gives it, without a subscription of its own. */
export function useRendererText(): RendererT {
  return useContext(RendererTextContext);
}
