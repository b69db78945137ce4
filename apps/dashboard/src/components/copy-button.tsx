import { Button, toast } from '@kaja/ui';
import { Copy } from 'lucide-react';

/** Copies `text` to the clipboard; `label` names what is copied for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => toast.success('Copied'),
          () => toast.error('Could not copy: select the text and copy it by hand.'),
        )
      }
    >
      <Copy aria-hidden />
    </Button>
  );
}
