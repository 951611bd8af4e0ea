import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@common/account';
import { api, unwrap } from '@/lib/api';
import { getMeQueryOptions } from '@/lib/profile';

export function updateProfile(changes: ProfileUpdate) {
  return unwrap(api.me.$patch({ json: changes }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, {
        profile: data.profile,
        questionsLeftToday: data.questionsLeftToday,
      });
    },
  });
}

/** A code by SMS to the account's own phone, to prove a change of e-mail. */
export function sendEmailCode() {
  return unwrap(api.me['email-code'].$post());
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
