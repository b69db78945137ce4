import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@kaja/api-client';
import { api, call, inForm } from '../../api/client';

export type Region = components['schemas']['Region'];
export type DnsNode = components['schemas']['DnsNode'];
export type Incident = components['schemas']['Incident'];
export type DnsQueryTotals = components['schemas']['DnsQueryTotals'];
export type IncidentImpact = Incident['impact'];
export type IncidentStatus = Incident['status'];
export type StaffRegionStatus = Region['staff_status'];

const regionsKey = ['status', 'regions'];
const nodesKey = ['status', 'dns-nodes'];
const incidentsKey = ['status', 'incidents'];
/** The screen follows the nodes as the status page does: every minute while open. */
const refreshMs = 60_000;

/** Every region, as the status page shows it. */
export function useRegions() {
  return useQuery({ queryKey: regionsKey, queryFn: () => call(api.GET('/v1/regions', { params: { query: { limit: 100 } } })), refetchInterval: refreshMs });
}

/** Every DNS node with its last heartbeat (platform staff). */
export function useDnsNodes() {
  return useQuery({ queryKey: nodesKey, queryFn: () => call(api.GET('/v1/dns-nodes', { params: { query: { limit: 100 } } })), refetchInterval: refreshMs });
}

/** The incidents of the last 90 days and any still open. */
export function useIncidents() {
  return useQuery({ queryKey: incidentsKey, queryFn: () => call(api.GET('/v1/incidents', { params: { query: { limit: 100 } } })) });
}

/** Queries per network per day over the last `days` (platform staff). */
export function useQueryTotals(days: number) {
  return useQuery({
    queryKey: ['status', 'query-totals', days],
    queryFn: () => call(api.GET('/v1/dns-query-totals', { params: { query: { days } } })),
    refetchInterval: refreshMs,
  });
}

export function useSetRegionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: StaffRegionStatus }) =>
      (await call(api.PUT('/v1/regions/{id}', { params: { path: { id } }, body: { status } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regionsKey }),
  });
}

export function usePostIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { title: string; impact: IncidentImpact; region_ids: string[]; status: IncidentStatus; message: string }) =>
      (await call(api.POST('/v1/incidents', { body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}

export function usePostIncidentUpdate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { status: IncidentStatus; message: string }) =>
      (await call(api.POST('/v1/incidents/{id}/updates', { params: { path: { id } }, body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}

export function useCorrectIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { title: string; impact: IncidentImpact; region_ids: string[] }) =>
      (await call(api.PUT('/v1/incidents/{id}', { params: { path: { id } }, body, ...inForm }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}

export function useDeleteIncident(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(api.DELETE('/v1/incidents/{id}', { params: { path: { id } } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
