import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from './button';
import { toast } from './toaster';

/**
 * Copies `text` to the clipboard. Its name is its visible text (`children`, "Copy digest") followed by
 * `details` for screen readers only ("(SHA-256, key 12345)"): a name that starts with what is on the
 * button is what speech control users say to press it (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
export function CopyButton({
  text,
  details,
  children = 'Copy',
  ...props
}: { text: string; details?: string; children?: string } & Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'>) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          },
          () => toast.error('Could not copy: select the text and copy it yourself.'),
        )
      }
      {...props}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : children}</span>
      {details && <span className="sr-only"> {details}</span>}
    </Button>
  );
}
