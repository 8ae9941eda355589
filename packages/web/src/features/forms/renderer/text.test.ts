import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDom } from './test-dom';

installDom();
// DOMPurify binds to the window when it loads, so the modules come after the DOM.
const { default: DOMPurify } = await import('dompurify');
const { RichText } = await import('./rich-text');
const { isRichText, loadSanitizer, sanitizeRichText, toPlainText } = await import('./text');
// The renderer loads DOMPurify on demand (its own chunk); these tests check it once loaded.
await loadSanitizer();

// Issue 16 item 6: DOMPurify ran on every plain question text; only real markup needs it.
describe('author texts: plain text is rendered as text, rich text is sanitised once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells plain text from markup', () => {
    expect(isRichText('How many cigarettes a day?')).toBe(false);
    expect(isRichText('Pain > 5 since yesterday')).toBe(false);
    expect(isRichText('<p>Pain</p>')).toBe(true);
    expect(isRichText('Tom &amp; Jerry')).toBe(true);
  });

  it('does not sanitise plain text and renders it as a text node', () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    expect(sanitizeRichText('Do you smoke?')).toBe('Do you smoke?');
    expect(toPlainText('Yes')).toBe('Yes');
    expect(renderToStaticMarkup(createElement(RichText, { html: 'Pain > 5?', inline: true }))).toBe(
      '<span dir="auto">Pain &gt; 5?</span>',
    );
    // Issue 18 item 6: inside a question head the head takes the direction for number and text.
    expect(
      renderToStaticMarkup(
        createElement(RichText, { html: 'Pain > 5?', inline: true, isDirectionFromParent: true }),
      ),
    ).toBe('<span>Pain &gt; 5?</span>');
    expect(sanitize).not.toHaveBeenCalled();
  });

  it('sanitises rich text, removes a script and its handlers, and does so once per text', () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    const html = '<p>Take <b>two</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>';
    const markup = renderToStaticMarkup(createElement(RichText, { html }));
    expect(markup).toBe('<div dir="auto"><p>Take <b>two</b><img src="x"></p></div>');
    expect(markup).not.toContain('script');
    expect(markup).not.toContain('onerror');
    expect(sanitize).toHaveBeenCalledTimes(1);
    // The same text again (another render, another question mounting): the memoised result.
    expect(sanitizeRichText(html)).toBe('<p>Take <b>two</b><img src="x"></p>');
    expect(toPlainText(html)).toBe('Take two');
    expect(sanitize).toHaveBeenCalledTimes(1);
  });
});
