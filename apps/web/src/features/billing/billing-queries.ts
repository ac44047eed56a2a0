import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageSize } from '@billbridge/contract';
import { call } from '../../lib/call.ts';
import { invoicesKey, invoicesQuery } from './invoices-query.ts';
import { subscriptionQueryKey } from '../subscriptions/subscription-query.ts';

/** The platform's publishable key and Stripe.js address; they do not change while the app runs. */
export const useStripeConfig = () =>
  useQuery({
    queryKey: ['billing-config'],
    queryFn: ({ signal }) => call('getBillingConfig', {}, { signal }),
    staleTime: Infinity,
  });

/** Spec §7 "Invoices": the count and one page, newest first. */
export const useInvoices = (subscriptionId: string, page: number, pageSize: PageSize) =>
  useQuery({
    ...invoicesQuery(subscriptionId, page, pageSize),
    placeholderData: keepPreviousData,
  });

const paymentMethodsKey = (subscriptionId: string) => ['payment-methods', subscriptionId] as const;

export const usePaymentMethods = (subscriptionId: string) =>
  useQuery({
    queryKey: paymentMethodsKey(subscriptionId),
    queryFn: ({ signal }) => call('getPaymentMethods', { subscriptionId }, { signal }),
    select: (data) => data.paymentMethods,
  });

/** Re-reads the cards after a change (a new one, a new default, one fewer). */
export const useRefreshPaymentMethods = (subscriptionId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey(subscriptionId) });
};

const useCardMutation = (subscriptionId: string, name: 'setDefaultPaymentMethod' | 'deletePaymentMethod') => {
  const refresh = useRefreshPaymentMethods(subscriptionId);
  return useMutation({
    mutationFn: (paymentMethodId: string) => call(name, { subscriptionId, paymentMethodId }),
    onSettled: refresh,
  });
};

export const useSetDefaultCard = (subscriptionId: string) =>
  useCardMutation(subscriptionId, 'setDefaultPaymentMethod');

export const useDeleteCard = (subscriptionId: string) =>
  useCardMutation(subscriptionId, 'deletePaymentMethod');

const billingDetailsKey = (subscriptionId: string) => ['billing-details', subscriptionId] as const;

export const useBillingDetails = (subscriptionId: string) =>
  useQuery({
    queryKey: billingDetailsKey(subscriptionId),
    queryFn: ({ signal }) => call('getBillingDetails', { subscriptionId }, { signal }),
  });

/** The workspace (plan, status) and its invoices are read again after a plan change or a cancel. */
export const useRefreshWorkspaceBilling = (subscriptionId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(subscriptionId) }),
      queryClient.invalidateQueries({ queryKey: invoicesKey(subscriptionId) }),
      queryClient.invalidateQueries({ queryKey: billingDetailsKey(subscriptionId) }),
    ]);
};
