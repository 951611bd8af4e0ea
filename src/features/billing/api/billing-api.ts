import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscribeRequest } from '@common/billing';
import { api, unwrap } from '@/lib/api';

export function getOfferQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'offer'],
    queryFn: () => unwrap(api.billing.offer.$get()),
    staleTime: Infinity,
  });
}

export function useOffer() {
  return useQuery(getOfferQueryOptions());
}

export function useSubscribe() {
  return useMutation({
    mutationFn: (input: SubscribeRequest) => unwrap(api.billing.subscribe.$post({ json: input })),
  });
}

const membershipKey = ['billing', 'membership'] as const;

export function useMembership() {
  return useQuery({
    queryKey: membershipKey,
    queryFn: () => unwrap(api.billing.membership.$get()),
    refetchOnWindowFocus: false,
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.billing.cancel.$post()),
    onSuccess: (membership) => {
      queryClient.setQueryData(membershipKey, membership);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useResumePayment() {
  return useMutation({ mutationFn: () => unwrap(api.billing.checkout.$post()) });
}
