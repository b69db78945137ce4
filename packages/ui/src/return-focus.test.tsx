import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from './alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

afterEach(cleanup);

/** A dialog opened from state by a plain button, with no Radix Trigger: the case Radix leaves unfocused. */
function OpenedFromState({ kind }: { kind: 'dialog' | 'alert' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  const body = {
    dialog: (
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Create an API key</DialogTitle>
          <DialogDescription>Restrictions apply.</DialogDescription>
        </DialogContent>
      </Dialog>
    ),
    alert: (
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete the key?</AlertDialogTitle>
          <AlertDialogDescription>It cannot be undone.</AlertDialogDescription>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>
    ),
    sheet: (
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <SheetTitle>Navigation</SheetTitle>
          <SheetDescription>Navigation</SheetDescription>
        </SheetContent>
      </Sheet>
    ),
  }[kind];
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {body}
    </>
  );
}

describe('a dialog opened without a trigger', () => {
  it.each(['dialog', 'alert', 'sheet'] as const)('%s: Escape returns focus to the button that opened it', async (kind) => {
    render(<OpenedFromState kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole(kind === 'alert' ? 'alertdialog' : 'dialog');
    await expect.poll(() => dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await expect.poll(() => screen.queryByRole(kind === 'alert' ? 'alertdialog' : 'dialog')).toBeNull();
    await expect.poll(() => document.activeElement).toBe(opener);
  });
});
