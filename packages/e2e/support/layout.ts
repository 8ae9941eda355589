import { expect, type Page } from '@playwright/test';

/**
 * Issue 18 item 7: what is cut or spills at phone widths. For every element on screen: it leaves
 * the viewport sideways, or its content is wider than its box (spilling over its neighbours, or
 * cut when the box hides overflow: an ellipsis, a clipped badge). Scroll containers (a wide table
 * in its scroller) are allowed to be wider inside; screen-reader-only text (clipped to 1 px) and
 * hidden elements are left out. Each problem names the element and its text.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push(`page scrolls sideways: ${root.scrollWidth} > ${width}`);
    const name = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 2).join('.') : '';
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const isScroller = (style: CSSStyleDeclaration) => ['auto', 'scroll'].includes(style.overflowX);
    // An ancestor that scrolls sideways holds wide content on purpose.
    const insideScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (isScroller(getComputedStyle(p))) return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) && !(el instanceof SVGSVGElement)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || style.display === 'contents') continue;
      const box = el.getBoundingClientRect();
      // Screen-reader-only text and empty boxes.
      if (box.width <= 1 || box.height <= 1) continue;
      if (style.position === 'absolute' && style.clip.startsWith('rect(0')) continue;
      if (el.closest('[aria-hidden="true"] input[type="range"], .mantine-Slider-root input')) continue;
      if (insideScroller(el)) continue;
      if (box.right > width + 1 || box.left < -1) {
        problems.push(
          `${name(el)} leaves the screen (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`,
        );
        continue;
      }
      if (!(el instanceof HTMLElement) || style.display === 'inline' || isScroller(style)) continue;
      // A slider's thumb is centred on the track's ends by design, inside the slider's own box
      // (which is checked): its parts may hang over the track.
      if (el.parentElement?.closest('.mantine-Slider-root')) continue;
      // Form fields scroll their own text; images keep their size on purpose inside their box.
      if (['INPUT', 'TEXTAREA', 'SELECT', 'IMG', 'CANVAS', 'svg'].includes(el.tagName)) continue;
      const spill = el.scrollWidth - el.clientWidth;
      if (spill > 1) {
        const how = ['hidden', 'clip'].includes(style.overflowX) ? 'is cut' : 'spills out of its box';
        problems.push(`${name(el)} ${how} by ${spill}px`);
      }
    }
    return problems;
  });
}

/** The page at each width: nothing leaves the screen, nothing is cut or spills (polled: layouts settle). */
export async function expectFitsAt(page: Page, widths: readonly number[], where: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 390, height: 844 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: original.height });
    await expect.poll(() => layoutProblems(page), { message: `${where} at ${width} px` }).toEqual([]);
  }
  await page.setViewportSize(original);
}
