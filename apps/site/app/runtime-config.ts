import { useSyncExternalStore } from 'react';
import { site } from './site';

/**
 * Settings of the environment the site is served in (API_BASE_URL, APP_URL, APP_MODE, SUPPORT_EMAIL). The pages are pre-rendered once,
 * so these come at run time from `/config.js`, served by the platform, which sets
 * `window.__KAJA_CONFIG__` before the app starts.
 */
export type RuntimeConfig = {
  apiBaseUrl: string;
  appUrl: string;
  appMode: string;
  supportEmail: string;
  /** Whether the browsers report the site's errors (ERROR_REPORTING, decision 063). */
  errorReporting: boolean;
  /** Whether the site counts its page views and sign-up clicks (ANALYTICS, decision 064); never read while pre-rendering, so left out there. */
  analytics?: boolean;
};

declare global {
  interface Window {
    __KAJA_CONFIG__?: Partial<RuntimeConfig>;
  }
}

// What pre-rendered HTML shows: the production settings.
const prerendered: RuntimeConfig = {
  apiBaseUrl: `${site.url}/v1`,
  appUrl: site.url,
  appMode: 'production',
  supportEmail: site.supportEmail,
  errorReporting: false,
};

let current: RuntimeConfig | undefined;
/** Whether `/config.js` has run (or failed): until then the settings are provisional. */
let settled = false;
const listeners = new Set<() => void>();
let ready: Promise<void> | undefined;

function settle() {
  if (settled) return;
  settled = true;
  current = undefined;
  for (const listener of listeners) listener();
}

/** The settings in the browser; a relative API address is made absolute against the page's origin. */
export function runtimeConfig(): RuntimeConfig {
  if (typeof window === 'undefined') return prerendered;
  if (!settled && window.__KAJA_CONFIG__) settle();
  if (!current) {
    const given = window.__KAJA_CONFIG__ ?? {};
    const origin = window.location.origin;
    current = {
      apiBaseUrl: new URL(given.apiBaseUrl || '/v1', origin).href.replace(/\/+$/, ''),
      appUrl: (given.appUrl || origin).replace(/\/+$/, ''),
      appMode: given.appMode || 'production',
      supportEmail: given.supportEmail || site.supportEmail,
      errorReporting: given.errorReporting === true,
      analytics: given.analytics === true,
    };
  }
  return current;
}

/**
 * Resolves once `/config.js` has run or failed. React Router starts the app from an async module
 * script, which may run before that deferred script; deferred scripts always run before
 * DOMContentLoaded, and `load` covers a listener added after that event.
 */
export function runtimeConfigReady(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  ready ??= new Promise<void>((resolve) => {
    const done = () => {
      settle();
      resolve();
    };
    if (window.__KAJA_CONFIG__ || document.readyState === 'complete') return done();
    document.addEventListener('DOMContentLoaded', done, { once: true });
    window.addEventListener('load', done, { once: true });
  });
  return ready;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  void runtimeConfigReady();
  return () => {
    listeners.delete(listener);
  };
};

/** The settings for rendering: pre-rendered values during hydration, then the browser's. */
export function useRuntimeConfig(): RuntimeConfig {
  return useSyncExternalStore(subscribe, runtimeConfig, () => prerendered);
}
