import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export function deleteAccount(input: { confirmation: string; reason?: string }) {
  return unwrap(api.me.$delete({ json: input as { confirmation: 'ELIMINAR MI CUENTA'; reason?: string } }));
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
