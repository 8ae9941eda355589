/**
 * The study-build check (issue 23 item 3): every diagnostic of a study's design, errors first.
 * Pure: the caller loads the input. A lifecycle transition (to production or test, finishing an
 * amendment) may call `runBuildCheck` and refuse when `isBlocking` is true.
 */
import { checkForms } from './check-forms';
import { checkProcesses } from './check-processes';
import { checkRules } from './check-rules';
import { checkTranslations } from './check-translations';
import type { BuildCheckInput } from './context';
import type { BuildCheckDiagnostic, BuildCheckReport } from './model';

/** True when a diagnostic blocks the transition (ERROR); warnings are only shown. */
export function hasBlockingDiagnostics(diagnostics: readonly BuildCheckDiagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'ERROR');
}

/** Issue 23 item 3: runs every check; diagnostics are unique by id, errors before warnings. */
export function runBuildCheck(input: BuildCheckInput): BuildCheckReport {
  const all = [
    ...checkForms(input),
    ...checkProcesses(input),
    ...checkRules(input),
    ...checkTranslations(input),
  ];
  const byId = new Map<string, BuildCheckDiagnostic>();
  for (const d of all) if (!byId.has(d.id)) byId.set(d.id, d);
  const diagnostics = [...byId.values()].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'ERROR' ? -1 : 1,
  );
  const errorCount = diagnostics.filter((d) => d.severity === 'ERROR').length;
  return {
    diagnostics,
    errorCount,
    warningCount: diagnostics.length - errorCount,
    isBlocking: errorCount > 0,
  };
}
