import { createHash } from 'node:crypto';
import { build, type Rolldown } from 'vite';

/** The early script as public.html carries it, with the CSP source that allows it. */
export type InlineScript = { code: string; cspHash: string };

/**
 * Bundles `entry` (the participant page's early script) on its own into one classic script, a
 * function run at once, for public.html to carry inline (issue 16: the link's calls start as
 * soon as the page's head is parsed, and the page's first load has one download fewer). It must
 * import nothing the app also loads: it runs before, and apart from, the app's modules.
 * `cspHash` is the `'sha256-…'` source the server's Content-Security-Policy must list for it.
 */
export async function bundleInlineScript(entry: string, target: string[]): Promise<InlineScript> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'trialbaseEarlyScript', fileName: 'early-script' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  const [chunk] = chunks;
  if (!chunk || chunks.length !== 1) throw new Error(`inline script: ${entry} did not bundle into one file`);
  const code = chunk.code.trim();
  if (/<\/script|<!--/i.test(code))
    throw new Error(`inline script: ${entry} contains text that ends a script`);
  return { code, cspHash: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}
