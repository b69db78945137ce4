import type { components, paths } from '@kaja/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, inForm } from '../../api/client';
import { ApiError } from '../../api/errors';
import { zoneKey } from '../zone/zone-data';

export type ImportMode = 'merge' | 'replace';
export type ImportResult = paths['/v1/zones/{id}/import']['post']['responses'][200]['content']['application/json']['data'];
export type BadLine = { line: number; message: string };

/** The bad lines of a refused zone file, as the API lists them in `details.lines`. */
export function badLinesOf(error: unknown): { lines: BadLine[]; count: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return null;
  const details = error.details as { lines?: unknown; error_count?: unknown } | undefined;
  if (!Array.isArray(details?.lines)) return null;
  const lines = details.lines.filter((line: Partial<BadLine> | null): line is BadLine => typeof line?.line === 'number' && typeof line?.message === 'string');
  return { lines, count: typeof details.error_count === 'number' ? details.error_count : lines.length };
}

/** A refusal for the plan's record limit: its message and how many records the zone would need (`details` of quota_exceeded). */
export function recordLimitOf(error: unknown): { message: string; needed: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'quota_exceeded') return null;
  const details = error.details as { resource?: unknown; usage?: unknown; requested?: unknown } | undefined;
  if (details?.resource !== 'records' || typeof details.usage !== 'number' || typeof details.requested !== 'number') return null;
  return { message: error.message.replace(/\.$/, ''), needed: details.usage + details.requested };
}

/** The first plan on offer (they come smallest first) that holds `records`. */
export function planThatFits(plans: readonly components['schemas']['Plan'][], records: number) {
  return plans.find((plan) => plan.limits.records === null || plan.limits.records >= records);
}

/** Sends a zone file: with `dryRun` only to learn what it would change. */
export function useImportZoneFile(zoneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, mode, dryRun }: { text: string; mode: ImportMode; dryRun: boolean }) =>
      (
        await call(
          api.POST('/v1/zones/{id}/import', {
            params: { path: { id: zoneId }, query: { mode, dry_run: dryRun ? 'true' : 'false' } },
            body: text,
            // The file goes as it is, as text/dns: not as a JSON string.
            bodySerializer: (body) => body,
            headers: { 'Content-Type': 'text/dns' },
            ...inForm,
          }),
        )
      ).data,
    onSuccess: (_result, { dryRun }) => {
      if (!dryRun) return queryClient.invalidateQueries({ queryKey: zoneKey(zoneId) });
    },
  });
}

/** The zone as an RFC 1035 master file. */
export async function exportZoneFile(zoneId: string): Promise<string> {
  return call(api.GET('/v1/zones/{id}/export', { params: { path: { id: zoneId } }, parseAs: 'text' }));
}

/** Reads a chosen file as text, reporting the share read so far (0 to 100). */
export function readFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    reader.onload = () => resolve(reader.result as string); // readAsText gives text
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
