import { startErrorReporting } from '@kaja/error-reporter';
import { runtimeConfig, runtimeConfigReady } from './runtime-config';

/**
 * Reports the site's errors to the platform when `/config.js` says so (decision 063). The listeners
 * start at once, so an error while the page starts is caught; it is sent once the settings are known.
 */
export function startSiteErrorReporting(): void {
  startErrorReporting(
    runtimeConfigReady().then(() => {
      const { errorReporting, apiBaseUrl } = runtimeConfig();
      return errorReporting
        ? { app: 'site' as const, endpoint: `${apiBaseUrl}/errors/envelope`, release: String(import.meta.env.KAJA_RELEASE ?? 'dev') }
        : null;
    }),
  );
}
