import { useEffect } from 'react';

export type Crumb = { label: string; to?: string };

export const PRODUCT_NAME = 'Trialbase';

/** "Outbox · Administration · Trialbase": the deepest crumb first, as browser tabs cut the end. */
export function documentTitleFor(crumbs: readonly Crumb[]): string {
  return [...crumbs.map((crumb) => crumb.label).reverse(), PRODUCT_NAME].join(' · ');
}

export function useDocumentTitle(crumbs: readonly Crumb[]): void {
  const title = documentTitleFor(crumbs);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
