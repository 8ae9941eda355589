// Bundles the server (and the domain package it consumes as source) into dist/main.js;
// npm dependencies stay external and load from node_modules. Migrations and the text catalogs
// (src/locales/{lng}/{ns}.json, read at start by platform/i18n) are copied beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const domainPkg = JSON.parse(readFileSync(new URL('../domain/package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(domainPkg.dependencies ?? {})];

const outdir = process.env.SERVER_OUTDIR ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'audit-verify': 'src/cli/audit-verify.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('drizzle', `${outdir}/drizzle`, { recursive: true });
cpSync('src/locales', `${outdir}/locales`, { recursive: true });
// The fonts the casebook PDFs embed (assets/fonts, SIL OFL; modules/casebooks/service/pdf-book.ts).
cpSync('assets', `${outdir}/assets`, { recursive: true });
console.log(`server built: ${outdir}/main.js`);
