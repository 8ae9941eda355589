import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Reordering with dnd-kit's sortable lists (form builder questions, process events), waiting for
 * what a person sees at each step instead of fixed pauses: the neighbour the dragged row is over
 * slides out of the way (its transform comes from dnd-kit's `over`, which is what the drop uses).
 */

const SHIFTED = {
  down: /translate3d\([^,]+,\s*[1-9][\d.]*px/,
  up: /translate3d\([^,]+,\s*-[1-9][\d.]*px/,
} as const;

/** The row `neighbour` has moved aside (down or up) to make room for the dragged row. */
export async function expectShifted(neighbour: Locator, direction: 'down' | 'up'): Promise<void> {
  await expect(neighbour).toHaveAttribute('style', SHIFTED[direction]);
}

/**
 * Mouse drag with dnd-kit's pointer sensor: press on the handle, move past its activation
 * distance, glide until the dragged row is over `target`, and drop once `target` has moved
 * aside (`direction`: where it moves, down when the dragged row comes from below).
 */
export async function dragByMouse(
  page: Page,
  handle: Locator,
  target: Locator,
  direction: 'down' | 'up',
): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target is not on screen');
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  const step = direction === 'down' ? -8 : 8;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + step, { steps: 4 }); // beyond the activation distance
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  const over = direction === 'down' ? to.y + to.height / 3 : to.y + (to.height * 2) / 3;
  await page.mouse.move(x, over, { steps: 12 });
  await expectShifted(target, direction);
  await page.mouse.up();
}

/**
 * Keyboard reorder with dnd-kit's keyboard sensor: Space picks the row up, `key` moves it one
 * place, Space drops it. `neighbour` is the row it moves past (it shifts the other way).
 */
export async function keyboardMove(
  page: Page,
  handle: Locator,
  key: 'ArrowUp' | 'ArrowDown',
  neighbour: Locator,
): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The sensor adds its key listener in a zero-delay task after the pick-up; a task queued in the
  // page now runs after it, so the arrow key below cannot arrive before the sensor listens.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press(key);
  await expectShifted(neighbour, key === 'ArrowUp' ? 'down' : 'up');
  await page.keyboard.press('Space');
}
