/**
 * Right-to-left text in printed PDFs (issue 27 item 4): staff and study languages include Arabic,
 * Hebrew and Urdu. A PDF draws glyphs left to right, so a line is cut into runs of one direction
 * and one script (each drawn with its font; the font's shaping puts an RTL run's letters in order)
 * and the runs are placed in visual order. A reduced form of the Unicode bidi algorithm (UAX #9):
 * strong letters decide, digits stay left to right, neutrals take the direction of their neighbours
 * when both agree, else the paragraph's.
 */

/** The script a run is drawn with: each has its own embedded font. */
export type TextScript = 'latin' | 'arabic' | 'hebrew';
export type TextRun = { text: string; rtl: boolean; script: TextScript };

type CharClass = 'L' | 'AR' | 'HE' | 'N';

function classOf(char: string): CharClass {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x0590 && code <= 0x05ff) return 'HE';
  if (code >= 0xfb1d && code <= 0xfb4f) return 'HE';
  if (
    (code >= 0x0600 && code <= 0x06ff) ||
    (code >= 0x0750 && code <= 0x077f) ||
    (code >= 0x08a0 && code <= 0x08ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  ) {
    // Arabic-Indic digits are numbers: they read left to right inside a right-to-left line.
    if (code >= 0x0660 && code <= 0x0669) return 'L';
    if (code >= 0x06f0 && code <= 0x06f9) return 'L';
    return 'AR';
  }
  if (/[\p{L}\p{N}]/u.test(char)) return 'L';
  return 'N';
}

/** Whether a text holds a right-to-left letter (Hebrew or Arabic script). */
export function hasRtlText(text: string): boolean {
  for (const char of text) {
    const c = classOf(char);
    if (c === 'AR' || c === 'HE') return true;
  }
  return false;
}

/** Whether a language is written right to left (the staff languages ar, he-il, ur and their kin). */
export function isRtlLanguage(language: string): boolean {
  return ['ar', 'he', 'he-il', 'iw', 'ur', 'fa', 'ps', 'yi', 'dv', 'ku'].includes(language.toLowerCase());
}

const scriptOf = (c: CharClass): TextScript => (c === 'AR' ? 'arabic' : c === 'HE' ? 'hebrew' : 'latin');

const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

const OPENING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * UAX #9 rule N0, reduced: a bracket pair takes the direction of the strong text inside it when that
 * is the paragraph's; when the inside is only of the other direction, it takes that one if the text
 * before the opening bracket is of it too. So "(Europe/Copenhagen)" stays whole in Arabic text.
 */
function resolveBrackets(chars: string[], classes: CharClass[], direction: boolean[], rtl: boolean): void {
  const stack: { index: number; closing: string }[] = [];
  chars.forEach((char, i) => {
    const closing = OPENING[char];
    if (closing) {
      stack.push({ index: i, closing });
      return;
    }
    const top = stack.at(-1);
    if (!top || char !== top.closing) return;
    stack.pop();
    const inside = classes.slice(top.index + 1, i).filter((c) => c !== 'N');
    const hasRtl = inside.some((c) => c === 'AR' || c === 'HE');
    const hasLtr = inside.some((c) => c === 'L');
    let dir: boolean | null = null;
    if (rtl ? hasRtl : hasLtr) dir = rtl;
    else if (rtl ? hasLtr : hasRtl) {
      const before = classes
        .slice(0, top.index)
        .filter((c) => c !== 'N')
        .at(-1);
      const beforeRtl = before === undefined ? rtl : before === 'AR' || before === 'HE';
      dir = beforeRtl === !rtl ? !rtl : rtl;
    }
    if (dir === null) return;
    direction[top.index] = dir;
    direction[i] = dir;
  });
}

/**
 * One line of text as runs in visual order (left to right on the page). `rtl` is the paragraph
 * direction (the document's language). Letters of a right-to-left script stay in logical order in
 * their run (the font's shaper reverses and joins them); neutral characters (spaces, punctuation)
 * get their own runs, drawn with the Latin font (the Arabic and Hebrew fonts lack some of them),
 * already reversed and mirrored where they sit in right-to-left text.
 */
export function bidiRuns(text: string, rtl: boolean): TextRun[] {
  const { chars, isolates } = splitIsolates(text, rtl);
  if (chars.length === 0) return [];
  const classes = chars.map(classOf);
  const strong = (c: CharClass | undefined) => c !== undefined && c !== 'N';
  const isRtl = (c: CharClass | undefined) => c === 'AR' || c === 'HE';
  // Each neutral takes the direction around it when both sides agree, else the paragraph's.
  const direction: boolean[] = classes.map((c, i) => {
    if (strong(c)) return isRtl(c);
    let before: CharClass | undefined;
    for (let j = i - 1; j >= 0 && !before; j--) if (strong(classes[j])) before = classes[j];
    let after: CharClass | undefined;
    for (let j = i + 1; j < classes.length && !after; j++) if (strong(classes[j])) after = classes[j];
    if (before && after && isRtl(before) === isRtl(after)) return isRtl(before);
    return rtl;
  });
  resolveBrackets(chars, classes, direction, rtl);
  type Piece = { text: string; rtl: boolean; script: TextScript; neutral: boolean; isolate?: TextRun[] };
  const pieces: Piece[] = [];
  chars.forEach((char, i) => {
    const c = classes[i] ?? 'N';
    const pieceRtl = direction[i] ?? rtl;
    const isolate = isolates.get(i);
    if (isolate) {
      // An isolate is one unit of the line, laid out inside by its own direction.
      pieces.push({
        text: '',
        rtl: pieceRtl,
        script: 'latin',
        neutral: false,
        isolate: bidiRuns(isolate.text, isolate.rtl),
      });
      return;
    }
    // Neutrals only need runs of their own inside right-to-left text.
    const piece = { rtl: pieceRtl, script: scriptOf(c), neutral: c === 'N' && pieceRtl };
    const last = pieces.at(-1);
    if (
      last &&
      !last.isolate &&
      last.rtl === piece.rtl &&
      last.script === piece.script &&
      last.neutral === piece.neutral
    ) {
      last.text += char;
    } else {
      pieces.push({ text: char, ...piece });
    }
  });
  // Visual order: the runs of the other direction than the paragraph's are reversed as a block;
  // a right-to-left paragraph is then reversed as a whole.
  const ordered: Piece[] = [];
  let block: Piece[] = [];
  const flush = () => {
    ordered.push(...block.reverse());
    block = [];
  };
  for (const piece of pieces) {
    if (piece.rtl !== rtl) {
      block.push(piece);
    } else {
      flush();
      ordered.push(piece);
    }
  }
  flush();
  const visual = rtl ? ordered.reverse() : ordered;
  return visual.flatMap(
    (piece) =>
      piece.isolate ?? {
        text:
          piece.neutral && piece.rtl
            ? [...piece.text]
                .reverse()
                .map((c) => MIRRORED[c] ?? c)
                .join('')
            : piece.text,
        rtl: piece.rtl,
        script: piece.script,
      },
  );
}

const LRI = '\u2066';
const RLI = '\u2067';
const FSI = '\u2068';
const PDI = '\u2069';
/** Where an isolate sits in the outer line: one neutral character the isolate's runs replace. */
const ISOLATE_PLACEHOLDER = '\ufffc';

/**
 * Wraps a text in first-strong isolate marks (UAX #9 FSI … PDI): `bidiRuns` lays it out as one unit
 * in its own direction, so a name with its address in angle brackets ("Jane Doe <jane@x.org>") stays
 * whole in a right-to-left line. The marks are never drawn.
 */
export function isolateBidi(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** The direction of an isolate's text: its first strong letter's, else the paragraph's. */
function firstStrongRtl(text: string, fallback: boolean): boolean {
  for (const char of text) {
    const c = classOf(char);
    if (c === 'L') return false;
    if (c === 'AR' || c === 'HE') return true;
  }
  return fallback;
}

/**
 * The line's characters with each top-level isolate (LRI, RLI or FSI up to its PDI, nested ones
 * inside it; an unclosed one runs to the end) replaced by one placeholder, and the isolates by
 * placeholder index. Stray PDIs are dropped.
 */
function splitIsolates(
  text: string,
  rtl: boolean,
): { chars: string[]; isolates: Map<number, { text: string; rtl: boolean }> } {
  const chars: string[] = [];
  const isolates = new Map<number, { text: string; rtl: boolean }>();
  let depth = 0;
  let opener = '';
  let inner = '';
  const close = () => {
    const isolateRtl = opener === LRI ? false : opener === RLI ? true : firstStrongRtl(inner, rtl);
    isolates.set(chars.length, { text: inner, rtl: isolateRtl });
    chars.push(ISOLATE_PLACEHOLDER);
  };
  for (const char of text) {
    const opens = char === LRI || char === RLI || char === FSI;
    if (depth === 0) {
      if (opens) {
        depth = 1;
        opener = char;
        inner = '';
      } else if (char !== PDI) chars.push(char);
      continue;
    }
    if (opens) depth++;
    else if (char === PDI) depth--;
    if (depth === 0) close();
    else inner += char;
  }
  if (depth > 0) close();
  return { chars, isolates };
}
