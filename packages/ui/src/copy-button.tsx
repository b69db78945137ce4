import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from './button';
import { toast } from './toaster';

/**
 * Copies `text` to the clipboard; `label` names what is copied for screen readers ("Copy the DS record
 * of key 12345"), `children` is the visible text where one screen has several copy buttons side by side.
 */
export function CopyButton({
  text,
  label,
  children = 'Copy',
  ...props
}: { text: string; label: string; children?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={label}
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
    </Button>
  );
}
