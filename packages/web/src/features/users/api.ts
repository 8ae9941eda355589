import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminCreateUserRequest,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type UpdateOwnProfileRequest,
  userEndpoints,
  type VerifyEmailRequest,
} from '@trialbase/domain';
import { call } from '../../app/http';
import { SESSION_QUERY_KEY } from '../../app/query-keys';

const local = { localErrors: true };

export const accountKeys = {
  profile: (id: string) => ['accounts', 'profile', id] as const,
  adminUsers: ['accounts', 'admin-users'] as const,
  adminUserList: (search: string, limit: number, offset: number) =>
    ['accounts', 'admin-users', { search, limit, offset }] as const,
};

/** Staff sign-up (spec 000 §2 signup); the page shows its own errors. */
export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupRequest) => call(userEndpoints.signUp, { body }),
    meta: local,
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) => call(userEndpoints.verifyEmail, { body }),
    meta: local,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => call(userEndpoints.forgotPassword, { body }),
    meta: local,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => call(userEndpoints.resetPassword, { body }),
    meta: local,
  });
}

/** The signed-in user's own profile (`GET /user/{id}/viewOwn`). */
export function useOwnProfile(id: string, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.profile(id),
    queryFn: ({ signal }) => call(userEndpoints.ownProfile, { params: { id }, signal }),
    enabled,
  });
}

export function useUpdateOwnProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOwnProfileRequest) => call(userEndpoints.updateOwn, { params: { id }, body }),
    meta: local,
    onSuccess: (profile) => {
      queryClient.setQueryData(accountKeys.profile(id), profile);
      // The user menu shows the name from the session.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

export function useChangePassword(id: string) {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(userEndpoints.changePassword, { params: { id }, body }),
    meta: local,
  });
}

/** Staff users for system administrators, with search and paging. */
export function useAdminUsers(search: string, limit: number, offset: number) {
  return useQuery({
    queryKey: accountKeys.adminUserList(search, limit, offset),
    queryFn: ({ signal }) =>
      call(userEndpoints.list, { query: { search: search || undefined, limit, offset }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserRequest) => call(userEndpoints.create, { body }),
    meta: local,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.adminUsers }),
  });
}

export type UserAction = 'disable' | 'enable' | 'unlock';

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      call(userEndpoints[action], { params: { id } }),
    meta: local,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.adminUsers }),
  });
}
