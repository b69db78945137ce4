import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './button';

/** Copies `value` to the clipboard and says so, in the button and to screen readers (the toast). */
export function CopyButton({ value, label = 'Copy', ...props }: Omit<ButtonProps, 'onClick' | 'value'> & { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          toast.success('Copied to the clipboard');
        } catch {
          toast.error('Could not copy: select the text and copy it yourself');
        }
      }}
      {...props}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? 'Copied' : label}
    </Button>
  );
}
