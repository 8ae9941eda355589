import type { Plugin, Rolldown } from 'vite';

/** A module of the zod package. */
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The modules whose dynamic imports a participant loads before the first question is drawn: every
 * participant page (app/routes.tsx, with the link's token, consent, one-time password, sign-up and
 * fill pages), the fill page's data loader (main.tsx) and the question types the fill page draws
 * (question-chunks.ts). Later downloads (the licence dialog, PDF.js, other pages' strings) are not.
 */
const UP_FRONT_LOADERS = [
  'src/public/app/routes.tsx',
  'src/public/main.tsx',
  'src/features/forms/renderer/question-chunks.ts',
];

/** What the check reads of a chunk of the build. */
export type ChunkFacts = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'moduleIds'> & {
  modules: Record<string, { renderedLength: number }>;
};

/** The up-front chunks that carry zod (with their zod modules), and the modules that import zod. */
export type ZodFindings = { chunks: { fileName: string; zodModules: string[] }[]; importers: string[] };

/**
 * The up-front chunks that carry zod code: the entry chunks and the chunks of `pageModules` (the
 * modules loaded on demand before the first question), each with what it imports statically. A zod
 * module counts when the build kept code of it (tree shaking may leave a module in a chunk with
 * none). `importedIdsOf` gives a module's static imports, to name the modules there that import zod.
 */
export function findZodUpFront(
  chunks: readonly ChunkFacts[],
  pageModules: ReadonlySet<string>,
  importedIdsOf: (id: string) => readonly string[],
): ZodFindings {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const upFront = new Set<string>();
  const visit = (chunk: ChunkFacts) => {
    if (upFront.has(chunk.fileName)) return;
    upFront.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  for (const chunk of chunks)
    if (chunk.isEntry || chunk.moduleIds.some((id) => pageModules.has(id))) visit(chunk);

  const loaded = chunks
    .filter((chunk) => upFront.has(chunk.fileName))
    .map((chunk) => ({
      fileName: chunk.fileName,
      modules: chunk.moduleIds.filter((id) => (chunk.modules[id]?.renderedLength ?? 0) > 0),
    }));
  return {
    chunks: loaded.flatMap(({ fileName, modules }) => {
      const zodModules = modules.filter((id) => ZOD_MODULE.test(id));
      return zodModules.length > 0 ? [{ fileName, zodModules }] : [];
    }),
    importers: loaded.flatMap(({ modules }) =>
      modules.filter(
        (id) => !ZOD_MODULE.test(id) && importedIdsOf(id).some((imported) => ZOD_MODULE.test(imported)),
      ),
    ),
  };
}

const shortId = (id: string) => id.replace(/^.*?[\\/](packages|node_modules)[\\/]/, '$1/');

/**
 * The participant build fails when zod reaches a chunk a participant loads before the first
 * question (issue 16, the slow phone: zod is about 19 KiB brotli and its schemas cost a slow phone's
 * CPU at start-up). The pages take the domain's rules and constants from modules without zod
 * (forms/form-constants.ts, questionnaires/answer-kinds.ts, …: model.ts re-exports them beside its
 * schemas); a page that needs zod later loads it in a chunk of its own. The message names the
 * modules that import zod, which a page should no longer reach.
 */
export function zodFreePages(): Plugin {
  return {
    name: 'trialbase-zod-free-pages',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const ids = [...this.getModuleIds()];
      const pageModules = new Set<string>();
      for (const loader of UP_FRONT_LOADERS) {
        const id = ids.find((moduleId) => moduleId.replaceAll('\\', '/').endsWith(`/${loader}`));
        if (!id)
          this.error(`zod-free pages: ${loader} is not in the participant build; update UP_FRONT_LOADERS`);
        for (const imported of this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          pageModules.add(imported);
      }
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const found = findZodUpFront(chunks, pageModules, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      if (found.chunks.length === 0) return;
      const where = found.chunks.map((chunk) => `${chunk.fileName} (${chunk.zodModules.length} zod modules)`);
      this.error(
        `zod-free pages: zod is in ${where.join(', ')}, which a participant loads before the first ` +
          `question; modules there that import zod: ${found.importers.map(shortId).join(', ') || 'none'}. ` +
          'Import what the page needs from a module without zod, or load zod later in a chunk of its own.',
      );
    },
  };
}
