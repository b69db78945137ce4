import { Button, Dialog, DialogContent, DialogDescription, DialogTitle } from '@kaja/ui';
import type { Zone } from '../zones/zones-data';
import { relativeName } from './record-names';
import { type RecordSet, useDeleteRecordSet, useDeleteRecordValue } from './zone-data';

/** Deletes a whole set, or one value of it. */
export function DeleteRecordDialog({ zone, set, onClose }: { zone: Zone; set: RecordSet | null; onClose: () => void }) {
  const deleteSet = useDeleteRecordSet(zone.id);
  const deleteValue = useDeleteRecordValue(zone.id);
  const busy = deleteSet.isPending || deleteValue.isPending;
  const label = set ? `${set.type} ${relativeName(set.name, zone.name)}` : '';
  return (
    <Dialog open={set !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete {label}?</DialogTitle>
        <DialogDescription>Resolvers may keep answering with the old records until their TTL runs out.</DialogDescription>
        {set && set.content.length > 1 && (
          <ul className="grid gap-2" aria-label="Values">
            {set.content.map((content) => (
              <li key={content} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-1">
                <span className="truncate font-mono text-xs">{content}</span>
                <Button variant="outline" size="sm" disabled={busy} onClick={() => deleteValue.mutate({ set, content }, { onSuccess: onClose })}>
                  Delete this value
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={busy || !set} onClick={() => set && deleteSet.mutate(set, { onSuccess: onClose })}>
            {set && set.content.length > 1 ? 'Delete all values' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
