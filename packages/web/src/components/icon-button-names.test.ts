import { describe, expect, it } from 'vitest';

// Issue 12 item 7: every icon-only button of the staff app has an accessible name. Mantine's
// ActionIcon and CloseButton render only an icon, so each must carry a (translated) aria-label;
// a screen reader otherwise announces just "button".
const sources = import.meta.glob<string>(['../app/**/*.tsx', '../features/**/*.tsx', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The opening tag starting at `start`, braces balanced so `{() => a > b}` does not end it. */
function openingTag(source: string, start: number): string {
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (c === '>' && depth === 0) return source.slice(start, i + 1);
  }
  return source.slice(start);
}

function unnamedIconButtons(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    for (const match of source.matchAll(/<(ActionIcon|CloseButton)\b/g)) {
      const tag = openingTag(source, match.index ?? 0);
      if (/aria-label(ledby)?=/.test(tag) || tag.includes('{...')) continue;
      found.push(`${file}:${source.slice(0, match.index).split('\n').length}`);
    }
  }
  return found;
}

describe('icon-only buttons (issue 12 item 7)', () => {
  it('reads the staff app sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('gives every ActionIcon and CloseButton an aria-label', () => {
    expect(unnamedIconButtons(sources)).toEqual([]);
  });

  it('notices an icon button without a name', () => {
    const bad = { 'x.tsx': '<ActionIcon onClick={() => a > b}>\n  <IconX />\n</ActionIcon>' };
    expect(unnamedIconButtons(bad)).toEqual(['x.tsx:1']);
  });
});
