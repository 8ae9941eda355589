import { useCallback, useRef } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';

export type LeaveState = {
  hasUnsavedChanges: boolean;
  /** The address prefix that is still this draft (its edit path once it has an id). */
  ownPath: string | null;
};

/**
 * Spec 001 §2 Leave: blocks a real navigation away from the builder while the draft has unsaved
 * changes. A change of only the query string or hash is not leaving, nor is the address moving
 * within the draft's own edit path (the create address becoming the edit address after the first
 * autosave). `read` is called at navigation time, so it sees changes not yet rendered.
 */
export function useLeaveGuard(read: () => LeaveState): Blocker {
  const latest = useRef(read);
  latest.current = read;
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const { hasUnsavedChanges, ownPath } = latest.current();
    if (!hasUnsavedChanges) return false;
    return !(ownPath && isWithin(nextLocation.pathname, ownPath));
  }, []);
  return useBlocker(shouldBlock);
}

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
