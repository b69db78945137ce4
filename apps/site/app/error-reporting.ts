import { startErrorReporting, type SenderModule } from '@kaja/error-reporter';
import { runtimeConfig, runtimeConfigReady } from './runtime-config';

/**
 * Reports the site's errors to the platform when `/config.js` says so (decision 063). The listeners
 * start at once, so an error while the page starts is caught; it is sent once the settings are known.
 * `load` fetches the Sentry client: pre-rendered pages by the address their islands' script names
 * (no bundler preload helper on every page), the not-found fallback, built as one app, by import.
 */
export function startSiteErrorReporting(load: SenderModule): void {
  startErrorReporting(
    runtimeConfigReady().then(() => {
      const { errorReporting, apiBaseUrl } = runtimeConfig();
      return errorReporting
        ? { app: 'site' as const, endpoint: `${apiBaseUrl}/errors/envelope`, release: String(import.meta.env.KAJA_RELEASE ?? 'dev') }
        : null;
    }),
    load,
  );
}
