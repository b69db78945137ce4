import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus back to whatever opened a dialog once it closes. Radix returns focus to its own Trigger only,
 * and a dialog opened from state (a row's menu, a button that also loads something, the phone
 * sidebar's toggle) has none: without this, Escape leaves focus on the page's body and a keyboard user
 * starts again from the top. The opener is the element focused when the dialog took focus; a caller's
 * own `onCloseAutoFocus` that prevents the default still wins, and an opener no longer in the page
 * (its row was deleted) leaves Radix's default.
 */
export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
