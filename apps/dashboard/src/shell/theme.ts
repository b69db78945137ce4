import { useSyncExternalStore } from 'react';

// The dashboard's side of the colour theme. public/theme.js applies the choice to the page (before the
// first paint, and whenever it changes); this module stores a new choice, announces it, and lets React
// follow both the choice and the theme in effect.

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const storageKey = 'theme';
const changeEvent = 'kaja:theme';

function storedChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    // Storage refused (a privacy setting): the system's theme, as without a choice.
    return 'system';
  }
}

/** Remembers the choice and has public/theme.js apply it at once. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, choice);
  } catch {
    // Storage refused: nothing to remember the choice by, so the page stays with the system's theme.
  }
  window.dispatchEvent(new Event(changeEvent));
}

function subscribeToChoice(onChange: () => void) {
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The visitor's choice: system, light or dark. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeToChoice, storedChoice);
}

function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The theme in effect (what the choice, or the system's setting, made it). */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeToTheme, () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
}
