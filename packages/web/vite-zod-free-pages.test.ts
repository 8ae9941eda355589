import { describe, expect, it } from 'vitest';
import { type ChunkFacts, findZodUpFront } from './vite-zod-free-pages';

const ZOD = '/repo/node_modules/zod/v4/classic/schemas.js';
const MODEL = '/repo/packages/domain/src/forms/model.ts';
const CONSTANTS = '/repo/packages/domain/src/forms/form-constants.ts';
const ENTRY = '/repo/packages/web/src/public/main.tsx';
const FILL_PAGE = '/repo/packages/web/src/public/questionnaire/fill-page.tsx';
const LICENCE = '/repo/packages/web/src/public/questionnaire/licence-dialog.tsx';

/** A chunk of these modules, each with this many bytes of code kept (0: tree-shaken away). */
function chunk(fileName: string, modules: Record<string, number>, imports: string[] = [], isEntry = false) {
  return {
    fileName,
    imports,
    isEntry,
    moduleIds: Object.keys(modules),
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, length]) => [id, { renderedLength: length }]),
    ),
  } satisfies ChunkFacts;
}

const imports: Record<string, string[]> = { [MODEL]: [ZOD, CONSTANTS], [LICENCE]: [ZOD] };
const importedIdsOf = (id: string) => imports[id] ?? [];
const pages = new Set([FILL_PAGE]);

describe('findZodUpFront (the participant build fails on zod before the first question)', () => {
  it('finds zod in a chunk a page imports statically, naming the module that imports it', () => {
    const found = findZodUpFront(
      [
        chunk('public.js', { [ENTRY]: 100 }, [], true),
        chunk('link-pages.js', { [FILL_PAGE]: 100 }, ['shared.js']),
        chunk('shared.js', { [CONSTANTS]: 50, [MODEL]: 80, [ZOD]: 9000 }),
      ],
      pages,
      importedIdsOf,
    );
    expect(found).toEqual({ chunks: [{ fileName: 'shared.js', zodModules: [ZOD] }], importers: [MODEL] });
  });

  it('finds zod in the entry and its imports', () => {
    const found = findZodUpFront(
      [chunk('public.js', { [ENTRY]: 100 }, ['first.js'], true), chunk('first.js', { [ZOD]: 10 })],
      new Set(),
      importedIdsOf,
    );
    expect(found.chunks).toEqual([{ fileName: 'first.js', zodModules: [ZOD] }]);
  });

  it('passes zod in a chunk loaded later, and zod modules whose code was all left out', () => {
    const found = findZodUpFront(
      [
        chunk('public.js', { [ENTRY]: 100 }, [], true),
        chunk('link-pages.js', { [FILL_PAGE]: 100, [MODEL]: 0, [ZOD]: 0 }),
        chunk('licence-dialog.js', { [LICENCE]: 100, [ZOD]: 9000 }, ['link-pages.js']),
      ],
      pages,
      importedIdsOf,
    );
    expect(found).toEqual({ chunks: [], importers: [] });
  });
});
