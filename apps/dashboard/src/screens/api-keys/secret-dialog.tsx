import { Alert, CopyButton, Dialog, DialogContent, DialogDescription, DialogTitle } from '@kaja/ui';
import type { ApiKeyWithSecret } from './api-keys-data';

/** The key's secret, this one time: it is stored only as a hash and cannot be shown again. */
export function SecretDialog({ apiKey, onClose, title }: { apiKey: ApiKeyWithSecret | null; onClose: () => void; title: string }) {
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Copy the secret of “{apiKey?.name}” now: it is shown only once and cannot be shown again.</DialogDescription>
        <div className="grid gap-2">
          <code aria-label="Secret" className="block break-all rounded-md border border-border bg-muted/50 p-3 font-mono text-sm">
            {apiKey?.key}
          </code>
          <div>
            <CopyButton text={apiKey?.key ?? ''}>Copy secret</CopyButton>
          </div>
        </div>
        <Alert>
          Send it as <code className="font-mono">Authorization: Bearer &lt;secret&gt;</code> on every call.
        </Alert>
      </DialogContent>
    </Dialog>
  );
}
