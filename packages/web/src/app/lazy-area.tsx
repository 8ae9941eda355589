import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { loadNamespaces, type StaffNamespace } from './i18n';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * A page that renders once its area's strings are there in the active language: after a language
 * switch made elsewhere, or when the first download failed and is tried again, it suspends (the
 * router keeps the previous page, or the shell shows its loader) instead of drawing keys.
 */
const wrapped = new WeakMap<ComponentType, Map<string, ComponentType>>();

function withStrings(namespaces: readonly StaffNamespace[], Page: ComponentType): ComponentType {
  // One wrapper per page and namespaces: two routes showing the same page (a builder's create and
  // edit addresses) must render the same component type, or moving from one to the other (the
  // first save of a new form or process) remounts the page and loses its state.
  const key = namespaces.join(',');
  const known = wrapped.get(Page)?.get(key);
  if (known) return known;
  function PageWithStrings() {
    useTranslation([...namespaces]);
    return <Page />;
  }
  PageWithStrings.displayName = `WithStrings(${Page.displayName ?? Page.name})`;
  const byKey = wrapped.get(Page) ?? new Map<string, ComponentType>();
  byKey.set(key, PageWithStrings);
  wrapped.set(Page, byKey);
  return PageWithStrings;
}

function lazyWithStrings(namespaces: readonly StaffNamespace[], lazy: Lazy): Lazy {
  if (typeof lazy !== 'function') return lazy;
  return async () => {
    // The page's chunk and its strings download side by side; the route renders when both are in.
    const [route] = await Promise.all([lazy(), loadNamespaces(namespaces)]);
    return route.Component ? { ...route, Component: withStrings(namespaces, route.Component) } : route;
  };
}

function declare(namespaces: readonly StaffNamespace[], route: RouteObject): RouteObject {
  const children = route.children?.map((child) => declare(namespaces, child));
  const lazy = route.lazy ? lazyWithStrings(namespaces, route.lazy) : undefined;
  return {
    ...route,
    ...(lazy ? { lazy } : {}),
    ...(route.Component ? { Component: withStrings(namespaces, route.Component) } : {}),
    ...(children ? { children } : {}),
  } as RouteObject;
}

/**
 * The routes of one product area, with the namespaces its screens use (issue 18 item 1): each
 * screen is a lazy chunk of its own, and its area's catalogs download with it, in the active
 * language only (English behind it for keys a partial language lacks). A route added to the list
 * gets them too. What a shared component of another area needs, it declares itself with
 * `useTranslation(['common', 'that-namespace'])`; `namespace-declarations.test.ts` checks both.
 *
 *   export const queryRoutes = areaRoutes(['queries'], [
 *     { path: 'study/:studyId/queries', lazy: async () => ({ Component: (await import('./query-list-page')).QueryListPage }) },
 *   ]);
 */
export function areaRoutes(namespaces: readonly StaffNamespace[], routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => declare(namespaces, route));
}
