import { describe, expect, it } from 'vitest';
import { documentTitleFor } from './document-title';

describe('document title from breadcrumbs', () => {
  it('names the page, then its parents, then the product', () => {
    expect(documentTitleFor([{ label: 'Studies' }])).toBe('Studies · Trialbase');
    expect(documentTitleFor([{ label: 'Administration' }, { label: 'Outbox' }])).toBe(
      'Outbox · Administration · Trialbase',
    );
  });

  it('is the product name alone without crumbs', () => {
    expect(documentTitleFor([])).toBe('Trialbase');
  });
});
