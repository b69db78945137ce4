import type { components } from '@kaja/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export type Funnel = components['schemas']['Funnel'];
export type FunnelPeriod = Funnel['period'];
export type SitePageViews = components['schemas']['SitePageViews'];
export type SignUpConversion = components['schemas']['SignUpConversion'];

/** How far back each view goes: a month of days, a quarter of weeks. */
export const periodsShown: Record<FunnelPeriod, number> = { day: 30, week: 13 };
const daysShown = 30;

/** The funnel from sign-up to the first paid invoice, per day or week (platform staff). */
export function useFunnel(period: FunnelPeriod) {
  return useQuery({
    queryKey: ['analytics', 'funnel', period],
    queryFn: async () => (await call(api.GET('/v1/analytics/funnel', { params: { query: { period, periods: periodsShown[period] } } }))).data,
    placeholderData: keepPreviousData,
  });
}

/** The site's page views per day, page and referring site over the last 30 days. */
export function useSitePages() {
  return useQuery({
    queryKey: ['analytics', 'pages'],
    queryFn: async () => (await call(api.GET('/v1/analytics/pages', { params: { query: { days: daysShown } } }))).data,
  });
}

/** The sign-up buttons' clicks against sign-ups over the last 30 days. */
export function useConversion() {
  return useQuery({
    queryKey: ['analytics', 'conversion'],
    queryFn: async () => (await call(api.GET('/v1/analytics/conversion', { params: { query: { days: daysShown } } }))).data,
  });
}

/** The funnel's steps in the product's words. */
export const stepNames: Record<Funnel['steps'][number], string> = {
  signed_up: 'Signed up',
  email_verified: 'Email verified',
  first_zone: 'First zone',
  delegated: 'Delegated',
  first_paid_invoice: 'First paid invoice',
};
