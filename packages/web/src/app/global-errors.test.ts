import { describe, expect, it } from 'vitest';
import { isAppException } from './global-errors';

// What Chromium dispatches to window 'error' listeners (spec 000 §8: only exceptions get the toast).
describe('window errors that get the exception toast', () => {
  it('takes what the app throws, Error or not', () => {
    expect(
      isAppException({ error: new TypeError("Cannot read properties of undefined (reading 'id')") }),
    ).toBe(true);
    expect(isAppException({ error: 'a thrown string' })).toBe(true);
  });

  it("leaves the browser's own notices alone: the ResizeObserver loop notice and a broken resource carry no error", () => {
    expect(isAppException({ error: null })).toBe(false);
    expect(isAppException({ error: undefined })).toBe(false);
  });
});
