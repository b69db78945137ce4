import { Toaster } from '@kaja/ui';
import { Outlet } from 'react-router';
import { EnvironmentBanner } from './shell/environment-banner';

/** Around every screen: the sandbox banner and the one toast system. */
export function Root() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <EnvironmentBanner />
      <Outlet />
      <Toaster />
    </>
  );
}
