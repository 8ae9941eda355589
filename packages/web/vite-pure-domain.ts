import ts from 'typescript';
import type { Plugin } from 'vite';

/** A domain source file. */
const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

const PURE = '(/* @__PURE__ */ ';

/**
 * The calls a module makes while its top-level constants are built: those in the value of each
 * top-level `const`, not inside a function written there (which runs later, when called). Calls in
 * an optional chain are left as they are (parentheses would change what `?.` skips).
 */
function constantCalls(source: ts.SourceFile): ts.Node[] {
  const calls: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && !ts.isOptionalChain(node))
      calls.push(node);
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (declaration.initializer) visit(declaration.initializer);
  }
  return calls;
}

/**
 * The participant build marks every call that builds a top-level constant of the domain package as
 * pure (issue 16, the slow phone). The domain runs nothing at import (CONVENTIONS.md; the build
 * already treats its modules as free of side effects), but the bundler cannot know that a call such
 * as `z.object({…})` has none, so it kept every zod schema of every domain module the participant
 * pages import for a constant or a function, and zod with them (19 KiB brotli and ~200 ms of a slow
 * phone's CPU building schemas the pages never use). Each call is wrapped as
 * `(/* @__PURE__ *\/ call)`, the inner ones of a chain and those in arguments too
 * (`z.string().trim()`, `z.object({ a: LocalizedTextSchema.optional() })`): a pure call whose value
 * is unused is left out, but not the calls in its callee or arguments. A schema that is used
 * stays, as any used value does.
 */
export function pureDomainConstants(): Plugin {
  return {
    name: 'trialbase-pure-domain-constants',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    enforce: 'pre',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      const calls = constantCalls(source);
      if (calls.length === 0) return null;
      // Inserts by position; at one position every opening is the same text, as is every closing.
      const inserts = calls.flatMap((call) => [
        { at: call.getStart(source), text: PURE },
        { at: call.getEnd(), text: ')' },
      ]);
      inserts.sort((a, b) => b.at - a.at);
      let marked = code;
      for (const { at, text } of inserts) marked = marked.slice(0, at) + text + marked.slice(at);
      return { code: marked, map: null };
    },
  };
}
