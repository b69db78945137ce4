import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export type AuditFilters = { zoneId: string; action: string };

/** One page of the customer's audit log, newest first, for one zone and/or one action (or family, `zone.*`). */
export function useAuditEvents({ zoneId, action }: AuditFilters, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: ['audit-events', { zoneId, action }, page],
    queryFn: () =>
      call(
        api.GET('/v1/audit-events', {
          params: { query: { ...page, ...(zoneId ? { target_type: 'zone', target_id: zoneId } : {}), ...(action ? { action } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
