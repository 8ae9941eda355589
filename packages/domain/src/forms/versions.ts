import type { FormVersion } from './model';

/** Spec 001 §3 form versions: the first publication is 1.0; then major gives (M+1).0 and minor M.(m+1). */
export function nextFormVersion(latest: FormVersion | null, kind: 'major' | 'minor'): FormVersion {
  if (!latest) return { major: 1, minor: 0 };
  return kind === 'major'
    ? { major: latest.major + 1, minor: 0 }
    : { major: latest.major, minor: latest.minor + 1 };
}

/** A version as people read it: "1.2". */
export function formatFormVersion(version: FormVersion): string {
  return `${version.major}.${version.minor}`;
}
