import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The documentation sidebar on phones: a panel from the left on the browser's own modal dialog
 * (`showModal` keeps focus inside and the rest of the page inert, Escape closes it, and closing returns
 * focus to the button that opened it), instead of the UI kit's Radix dialog, 12 KB of every docs page
 * (decision 073). It is in the page only while open.
 */
export function SidePanel({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const element = dialog.current!;
    element.showModal();
    // Closed by the page (a link followed) rather than by Escape: closed before it leaves, so focus goes back to the opener.
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      data-sidebar="sidebar"
      data-mobile="true"
      onClose={onClose}
      // The panel's content fills it, so a click on the dialog itself is one on the shade beside it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 left-0 right-auto m-0 h-full max-h-none w-[18rem] max-w-none border-0 border-r border-border bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col overflow-y-auto">{children}</div>
      <button
        type="button"
        onClick={onClose}
        className="absolute right-3 top-3 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden />
        <span className="sr-only">Close</span>
      </button>
    </dialog>
  );
}
