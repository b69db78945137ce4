import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button, type ButtonProps } from './button';

/**
 * A button that asks first (the kit's alert dialog) and then runs `action`. While the action runs the
 * button is disabled and `children(true)` says so ("Revoking…"). A failed action only ends the
 * pending state: the app's API client has already said what went wrong, and `onError` may undo
 * what the screen showed ahead of time.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirm,
  cancel = 'Cancel',
  action,
  onError,
  size = 'sm',
  className,
  'aria-label': ariaLabel,
}: {
  /** The button's content, pending or not; name the thing acted on for screen readers. */
  children: (pending: boolean) => ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text. */
  confirm: ReactNode;
  cancel?: ReactNode;
  action: () => Promise<unknown>;
  onError?: (error: unknown) => void;
  size?: ButtonProps['size'];
  /** The trigger button's classes, e.g. its place in the screen's grid. */
  className?: string;
  /** The trigger's name when its content does not say what it acts on. */
  'aria-label'?: string;
}) {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      onError?.(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size={size} className={className} aria-label={ariaLabel} disabled={pending}>
          {children(pending)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={() => void run()}>{confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
