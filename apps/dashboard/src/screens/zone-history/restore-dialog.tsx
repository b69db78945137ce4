import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, Progress, toast } from '@kaja/ui';
import { RecordSetDiff } from '../zone-tools/record-set-diff';
import { StatusLine } from '../zone-tools/status-line';
import { useRestore, useRestorePreview } from './history-data';

/** Restoring to a serial: the changes it would make first (a dry run), then applying them. */
export function RestoreDialog({ zoneId, serial, onClose }: { zoneId: string; serial: number | null; onClose: () => void }) {
  const preview = useRestorePreview(zoneId, serial);
  const restore = useRestore(zoneId);
  const changes = preview.data?.changes.filter((change) => change.type !== 'SOA') ?? [];
  return (
    <Dialog open={serial !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Restore the zone to serial {serial}?</DialogTitle>
        <DialogDescription>
          The records are brought back to their state after that change, as one new change. Nothing is written until you restore.
        </DialogDescription>
        {preview.isPending && (
          <div className="grid gap-2">
            <StatusLine>Working out what the restore would change…</StatusLine>
            <Progress value={null} aria-label="Working out the restore" />
          </div>
        )}
        {preview.isError && <StatusLine error>{preview.error.message}</StatusLine>}
        {preview.data && <RecordSetDiff changes={changes} label="What the restore changes" />}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={!preview.data || changes.length === 0 || restore.isPending}
            onClick={() =>
              void restore.mutateAsync(serial!).then(
                (result) => {
                  toast.success(`Restored: the zone is at serial ${result.serial}.`);
                  onClose();
                },
                () => undefined,
              )
            }
          >
            {restore.isPending ? 'Restoring…' : 'Restore'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
