import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '../../../shared/zod';
import {
  messageAnswerSchema,
  outboxMessageSchema,
  publicUserSchema,
  purchaseSchema,
  receiptSchema,
  sessionAnswerSchema,
  type ChangePasswordInput,
  type LoginInput,
  type PasswordResetInput,
  type PublicUser,
  type RegisterInput,
} from '../../../shared/schemas';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';

/** The signed-in user, or null for a visitor (GET /api/session answers both without an error). */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/session'],
  queryFn: async () => (await apiRequest('GET', '/api/session', sessionAnswerSchema)).user,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** The account's purchases; only asked for with a user signed in (a 401 is an error here). */
export function purchasesQuery(userId: string) {
  return queryOptions({
    queryKey: ['/api/user/purchases', userId],
    queryFn: () => apiRequest('GET', '/api/user/purchases', z.array(purchaseSchema)),
  });
}

/** The account's payments as receipts; only asked for with a user signed in. */
export function receiptsQuery(userId: string) {
  return queryOptions({
    queryKey: ['/api/user/payments', userId],
    queryFn: () => apiRequest('GET', '/api/user/payments', z.array(receiptSchema)),
  });
}

/**
 * Who is signed in changed: the user is cached as the server answered it, and everything that
 * depends on the visitor (allowance, requests, purchases) is fetched again.
 */
function useSetUser() {
  const queryClient = useQueryClient();
  return (user: PublicUser | null) => {
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    queryClient.removeQueries({ queryKey: ['/api/user/purchases'] });
    queryClient.removeQueries({ queryKey: ['/api/user/payments'] });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  };
}

export function useLogin() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest('POST', '/api/login', publicUserSchema, input),
    onSuccess: (user) => {
      setUser(user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!`, variant: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Login failed', description: errorMessage(error, 'Login failed'), variant: 'destructive' }),
  });
}

export function useRegister() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest('POST', '/api/register', publicUserSchema, input),
    onSuccess: (user) => {
      setUser(user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!`, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Registration failed',
        description: errorMessage(error, 'Registration failed'),
        variant: 'destructive',
      }),
  });
}

export function useLogout() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout', messageAnswerSchema);
    },
    onSuccess: () => {
      setUser(null);
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
    },
    onError: (error) =>
      toast({ title: 'Logout failed', description: errorMessage(error, 'Logout failed'), variant: 'destructive' }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await apiRequest('POST', '/api/user/password', messageAnswerSchema, input);
    },
    onSuccess: () =>
      toast({
        title: 'Password changed',
        description: 'You have been signed out on every other device.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Password not changed',
        description: errorMessage(error, 'Password not changed'),
        variant: 'destructive',
      }),
  });
}

export function useDeleteAccount() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiRequest('DELETE', '/api/user', messageAnswerSchema, { password });
    },
    onSuccess: () => {
      setUser(null);
      toast({ title: 'Account deleted', description: 'Your account and your images have been deleted.' });
    },
    onError: (error) =>
      toast({
        title: 'Account not deleted',
        description: errorMessage(error, 'Account not deleted'),
        variant: 'destructive',
      }),
  });
}

/** Asks for a reset link: the server answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('POST', '/api/password-reset', messageAnswerSchema, { email }),
  });
}

/** Sets a new password from a reset link; the server signs this browser in. */
export function useResetPassword() {
  const setUser = useSetUser();
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiRequest('POST', '/api/password-reset/confirm', publicUserSchema, input),
    onSuccess: (user) => {
      setUser(user);
      toast({
        title: 'Password changed',
        description: `You are signed in as ${user.username}, and signed out everywhere else.`,
        variant: 'success',
      });
    },
  });
}

/** Development only: the local outbox (404 where mail is really sent). */
export const outboxQuery = queryOptions({
  queryKey: ['/api/outbox'],
  queryFn: () => apiRequest('GET', '/api/outbox', z.array(outboxMessageSchema)),
  retry: false,
});
