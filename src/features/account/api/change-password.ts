import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return unwrap(api.me.password.$post({ json: input }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
