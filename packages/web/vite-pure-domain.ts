import type { Plugin } from 'vite';

/** A domain source file. */
const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

/**
 * A top-level `const` (exported or not, typed or not) whose value starts with a call, possibly on a
 * member chain: `export const QuestionSchema = z.object({…}).strict()`,
 * `const X = LocalizedTextSchema.optional()`, `const Y = z\n  .string()`.
 */
const TOP_LEVEL_CALL =
  /^((?:export )?const [A-Za-z_$][\w$]*(?:\s*:\s*[^=\n]+)?\s*=\s*)(?=[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*(?:<[^>\n]*>\s*)?\()/gm;

/**
 * The participant build marks the value of each top-level constant of the domain package that is
 * built by a call as pure (issue 16, the slow phone). The domain runs nothing at import
 * (CONVENTIONS.md; the build already treats its modules as free of side effects), but the bundler
 * cannot know that a call such as `z.object({…})` has none, so it kept every zod schema of every
 * domain module the participant pages import for a constant or a function, and zod with them
 * (19 KiB brotli and ~200 ms of a slow phone's CPU building schemas the pages never use). Marked
 * pure, a schema nothing uses is left out; one that is used stays, as any used value does.
 */
export function pureDomainConstants(): Plugin {
  return {
    name: 'trialbase-pure-domain-constants',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    enforce: 'pre',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id)) return null;
      const marked = code.replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ ');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
