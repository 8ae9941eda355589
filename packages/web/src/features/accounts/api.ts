import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminCreateUserRequest,
  AdminCreateUserResultSchema,
  AdminUserListSchema,
  AdminUserSchema,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  OwnProfileSchema,
  type ResetPasswordRequest,
  type SignupRequest,
  type UpdateOwnProfileRequest,
  type VerifyEmailRequest,
} from '@trialbase/domain';
import { z } from 'zod';
import { apiRequest, withQuery } from '../../app/http';
import { SESSION_QUERY_KEY } from '../../app/query-keys';

const EmailResultSchema = z.object({ email: z.string() });
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
    mutationFn: (body: SignupRequest) =>
      apiRequest('/api/auth/signup', { method: 'POST', body, schema: EmailResultSchema }),
    meta: local,
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      apiRequest('/api/auth/verify-email', { method: 'POST', body, schema: EmailResultSchema }),
    meta: local,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiRequest('/api/auth/forgot-password', { method: 'POST', body }),
    meta: local,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest('/api/auth/reset-password', { method: 'POST', body, schema: EmailResultSchema }),
    meta: local,
  });
}

/** The signed-in user's own profile (`GET /user/{id}/viewOwn`). */
export function useOwnProfile(id: string, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.profile(id),
    queryFn: ({ signal }) => apiRequest(`/api/user/${id}/viewOwn`, { schema: OwnProfileSchema, signal }),
    enabled,
  });
}

export function useUpdateOwnProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOwnProfileRequest) =>
      apiRequest(`/api/user/${id}/updateOwn`, { method: 'PUT', body, schema: OwnProfileSchema }),
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
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest(`/api/user/${id}/changePassword`, { method: 'POST', body }),
    meta: local,
  });
}

/** Staff users for system administrators, with search and paging. */
export function useAdminUsers(search: string, limit: number, offset: number) {
  return useQuery({
    queryKey: accountKeys.adminUserList(search, limit, offset),
    queryFn: ({ signal }) =>
      apiRequest(withQuery('/api/admin/users', { search: search || undefined, limit, offset }), {
        schema: AdminUserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserRequest) =>
      apiRequest('/api/admin/users', { method: 'POST', body, schema: AdminCreateUserResultSchema }),
    meta: local,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.adminUsers }),
  });
}

export type UserAction = 'disable' | 'enable' | 'unlock';

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      apiRequest(`/api/admin/users/${id}/${action}`, { method: 'POST', schema: AdminUserSchema }),
    meta: local,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.adminUsers }),
  });
}
