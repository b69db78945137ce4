/**
 * Settings of the environment the dashboard is served in. The app is built once for every
 * environment; the platform's `/config.js` sets `window.__KAJA_CONFIG__` before the app starts.
 */
export type DashboardConfig = {
  apiBaseUrl: string;
  appUrl: string;
  siteUrl: string;
  appMode: string;
  supportEmail: string;
  /** Whether the dashboard reports its errors to the platform (ERROR_REPORTING, decision 063). */
  errorReporting: boolean;
};

declare global {
  interface Window {
    __KAJA_CONFIG__?: Partial<DashboardConfig>;
  }
}

const given = window.__KAJA_CONFIG__ ?? {};
const origin = window.location.origin;

export const config: DashboardConfig = {
  apiBaseUrl: new URL(given.apiBaseUrl || '/v1', origin).href.replace(/\/+$/, ''),
  appUrl: (given.appUrl || origin).replace(/\/+$/, ''),
  siteUrl: (given.siteUrl || origin).replace(/\/+$/, ''),
  appMode: given.appMode || 'production',
  supportEmail: given.supportEmail || 'support@kaja.dns',
  errorReporting: given.errorReporting === true,
};
