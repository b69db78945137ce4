import { Alert, CopyButton, Dialog, DialogContent, DialogDescription, DialogTitle } from '@kaja/ui';
import type { WebhookEndpointWithSecret } from './webhooks-data';

/** The endpoint's signing secret, this one time: it is stored sealed and cannot be shown again. */
export function SecretDialog({ endpoint, onClose, title }: { endpoint: WebhookEndpointWithSecret | null; onClose: () => void; title: string }) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Copy the signing secret of {endpoint?.url} now: it is shown only once and cannot be shown again.</DialogDescription>
        <div className="grid gap-2">
          <code aria-label="Signing secret" className="block break-all rounded-md border border-border bg-muted/50 p-3 font-mono text-sm">
            {endpoint?.secret}
          </code>
          <div>
            <CopyButton text={endpoint?.secret ?? ''}>Copy secret</CopyButton>
          </div>
        </div>
        <Alert>
          Check each delivery’s <code className="font-mono">webhook-signature</code> with it, e.g. with the Standard Webhooks library’s{' '}
          <code className="font-mono">Webhook.verify</code>.
        </Alert>
      </DialogContent>
    </Dialog>
  );
}
