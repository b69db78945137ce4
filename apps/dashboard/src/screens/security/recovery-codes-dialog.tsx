import { Alert, Button, CopyButton, Dialog, DialogContent, DialogDescription, DialogTitle } from '@kaja/ui';
import { Download } from 'lucide-react';

/** Downloads the codes as a text file, for a password manager or a printout. */
function download(codes: string[]) {
  const text = `Kaja DNS recovery codes\nEach code signs you in once when your authenticator app or passkey is not at hand.\n\n${codes.join('\n')}\n`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.download = 'kaja-dns-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(link.href);
}

/** The ten recovery codes, shown this once: copy or download them before closing. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Your recovery codes</DialogTitle>
        <DialogDescription>Each code signs you in once if your authenticator app or passkey is lost. Keep them somewhere safe.</DialogDescription>
        <Alert>These codes are shown only now. Copy or download them before you close this window.</Alert>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
          {codes?.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-2">
          <CopyButton text={codes?.join('\n') ?? ''} details="the recovery codes" />
          <Button type="button" variant="outline" onClick={() => codes && download(codes)}>
            <Download aria-hidden />
            Download
          </Button>
          <Button type="button" className="ml-auto" onClick={onClose}>
            I have kept them
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
