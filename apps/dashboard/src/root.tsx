import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { EnvironmentBanner } from './shell/environment-banner';
import { useResolvedTheme } from './shell/theme';

const Toaster = lazy(() => import('@kaja/ui/toaster').then((kit) => ({ default: kit.Toaster })));

// The sign-in forms never show a toast (their failures are in the form, and /auth/ calls raise no
// notice): the toast system comes with the first other screen, and stays. A toast created before it
// is there is shown when it is (sonner replays them).
const signInPaths = new Set(['/auth', '/login', '/signup']);

/** Around every screen: the sandbox banner and the one toast system. */
export function Root() {
  const { pathname } = useLocation();
  const [toasterWanted, setToasterWanted] = useState(false);
  const theme = useResolvedTheme();
  if (!toasterWanted && !signInPaths.has(pathname)) setToasterWanted(true);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <EnvironmentBanner />
      <Outlet />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster theme={theme} />
        </Suspense>
      )}
    </>
  );
}
