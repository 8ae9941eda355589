import { type Catalog, catalogsOf } from '../../i18n/catalogs';

/**
 * The catalog map of the participant namespaces only the sign-up, unsubscribe and e-consent
 * signing pages use (i18n.ts OTHER_PAGE_NAMESPACES): a chunk of its own, so the first load of a
 * link's pages does not carry their 3 x 51 entries (issue 16).
 */
export const otherPageCatalogs = catalogsOf(
  import.meta.glob<Catalog>(
    [
      '../../locales/*/public-signup.json',
      '../../locales/*/public-unsubscribe.json',
      '../../locales/*/public-econsent.json',
    ],
    { import: 'default' },
  ),
);
