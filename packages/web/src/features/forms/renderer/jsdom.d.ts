// The part of jsdom the renderer's unit tests use (test-dom.ts); jsdom ships no types of its own.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
