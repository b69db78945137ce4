import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger, Input, Label } from '@kaja/ui';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';

/**
 * A staff action that needs one value first (a reason for the audit log, a number of days, a payment
 * reference): a button that opens a small form. A failure is said by the API client's toast and
 * leaves the form open.
 */
export function StaffActionDialog({
  trigger,
  title,
  description,
  label,
  input,
  confirm,
  destructive = false,
  action,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  label: string;
  input?: Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>;
  confirm: string;
  destructive?: boolean;
  action: (value: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await action(value.trim());
      setOpen(false);
      setValue('');
    } catch {
      // The API client has said what went wrong.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={destructive ? 'destructive' : 'outline'} size="sm">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={id}>{label}</Label>
            <Input id={id} required value={value} onChange={(event) => setValue(event.target.value)} {...input} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending || value.trim() === ''}>
              {confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
