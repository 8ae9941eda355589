import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { classifyHttpError, handleHttpError, isForbiddenError } from './http-error-handler';
import { setNavigator } from './navigation';
import { gatedQueryOptions } from './query-gate';

vi.mock('./notify', () => ({ showErrorToast: vi.fn() }));

const SITES = '/api/studies/s1/sites';
const SUBJECTS_PAGE = '/study/s1/patient';

describe('spec 000 §8 HTTP handling, issue 12 secondary calls', () => {
  it('sends a forbidden page itself (its primary call) to the study list', () => {
    expect(classifyHttpError(403, SITES, SUBJECTS_PAGE)).toBe('forbidden');
    expect(classifyHttpError(403, SITES, SUBJECTS_PAGE, {})).toBe('forbidden');
    expect(classifyHttpError(403, SITES, SUBJECTS_PAGE, { secondary: false })).toBe('forbidden');
  });

  it('keeps the user on the page when a secondary call is refused', () => {
    expect(classifyHttpError(403, SITES, SUBJECTS_PAGE, { secondary: true })).toBe('forbidden-in-place');
  });

  it('handles other failures of a secondary call as any other call', () => {
    expect(classifyHttpError(500, SITES, SUBJECTS_PAGE, { secondary: true })).toBe('server-toast');
    expect(classifyHttpError(0, SITES, SUBJECTS_PAGE, { secondary: true })).toBe('network-toast');
    expect(classifyHttpError(401, SITES, SUBJECTS_PAGE, { secondary: true })).toBe('login');
    expect(classifyHttpError(404, SITES, SUBJECTS_PAGE, { secondary: true })).toBe('not-found');
  });

  it('recognises a refused call for the in-place message', () => {
    expect(isForbiddenError(new HttpError('GET', SITES, 403, null))).toBe(true);
    expect(isForbiddenError(new HttpError('GET', SITES, 404, null))).toBe(false);
    expect(isForbiddenError(new Error('boom'))).toBe(false);
  });
});

describe('handleHttpError on a 403', () => {
  const navigate = vi.fn();
  let queryClient: QueryClient;

  beforeEach(() => {
    vi.stubGlobal('window', { location: { pathname: SUBJECTS_PAGE, search: '' } });
    setNavigator(navigate);
    queryClient = new QueryClient();
    queryClient.setQueryData(['subjects', 's1'], { items: [] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    navigate.mockReset();
    vi.useRealTimers();
  });

  it('leaves page and caches alone for a secondary call', () => {
    handleHttpError(new HttpError('GET', SITES, 403, null), queryClient, { secondary: true });
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['subjects', 's1'])).toEqual({ items: [] });
  });

  it('clears the study caches and goes to the study list for a primary call', () => {
    vi.useFakeTimers({ now: Date.now() + 60_000 });
    handleHttpError(new HttpError('GET', '/api/studies/s1/patient/list', 403, null), queryClient);
    expect(navigate).toHaveBeenCalledWith('/study', undefined);
    expect(queryClient.getQueryData(['subjects', 's1'])).toBeUndefined();
  });
});

describe('gated queries', () => {
  it('run only when allowed and ready, and carry the secondary mark', () => {
    expect(gatedQueryOptions(undefined)).toEqual({ enabled: true });
    expect(gatedQueryOptions({ enabled: false })).toEqual({ enabled: false });
    expect(gatedQueryOptions({ enabled: true }, false)).toEqual({ enabled: false });
    expect(gatedQueryOptions({ enabled: true, secondary: true })).toEqual({
      enabled: true,
      meta: { secondary: true },
    });
  });
});
