import { config } from '../config';

/** Shown only in the sandbox environment, so nobody mistakes it for production. */
export function EnvironmentBanner() {
  if (config.appMode !== 'sandbox') return null;
  return (
    <div role="status" data-testid="environment-banner" className="bg-amber-300 px-4 py-2 text-center text-sm font-medium text-black">
      Sandbox environment: changes here do not affect production DNS.
    </div>
  );
}
