import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * Mantine style sheets the participant app loads with the chunk of the component that uses them,
 * not in its first load (issue 16: fill page <= 190 KiB gzip). Each list is a group whose sheets
 * style the same elements (a Modal's overlay is an Overlay with ModalBase's class as well, a
 * Checkbox's input an InlineInput), in Mantine's own styles.css order, the base first.
 * The sheets the first load keeps are in src/public/app/mantine-styles.ts.
 */
export const DEFERRED_MANTINE_SHEETS: readonly (readonly string[])[] = [
  ['ScrollArea'],
  ['Overlay', 'ModalBase', 'Modal'],
  ['ActionIcon'],
  ['InlineInput', 'CheckboxIndicator', 'Checkbox'],
  ['ColorSwatch'],
  ['NumberInput'],
  ['Slider'],
  ['Table'],
];

/** A component's class-name module, e.g. `@mantine/core/esm/components/Modal/Modal.module.mjs`. */
const CLASS_MODULE = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/** For each sheet, the sheets to import with its class names: its group up to and including it. */
const sheetsWith = new Map<string, string[]>(
  DEFERRED_MANTINE_SHEETS.flatMap((group) =>
    group.map((sheet, i): [string, string[]] => [
      sheet,
      group.slice(0, i + 1).map((name) => require.resolve(`@mantine/core/styles/${name}.css`)),
    ]),
  ),
);

/**
 * The participant build (`--mode public`) imports a deferred sheet where Mantine's module of that
 * component's class names is: the sheet goes to whatever chunk renders the component (the table
 * question's and the licence's dialog, the consent and sign-up pages' check boxes), and a sheet no
 * participant page renders (Slider: the slider question is a native input) to none. A sheet comes
 * with the sheets before it in its group, so whichever of the group's components loads first, the
 * group's order holds. The staff app imports Mantine's whole styles.css instead; in development the
 * participant app loads the deferred sheets itself (src/public/app/mantine-styles.ts).
 */
export function deferredMantineSheets(): Plugin {
  return {
    name: 'trialbase-deferred-mantine-sheets',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    transform(code, id) {
      const sheets = sheetsWith.get(CLASS_MODULE.exec(id)?.[1] ?? '');
      if (!sheets) return null;
      // Appended: imports are evaluated in order, after the module's own (it has none).
      const imports = sheets.map((sheet) => `import ${JSON.stringify(sheet)};`).join('\n');
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}
