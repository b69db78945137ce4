import { use, useEffect, type ReactNode } from 'react';
import { reportError } from '@kaja/error-reporter';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, UNSAFE_FrameworkContext, useMatches } from 'react-router';
import islandAssets from 'virtual:island-assets';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { EnvironmentBanner } from './components/environment-banner';
import { HashScroll } from './components/hash-scroll';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { Island } from './islands/island';
import { startSiteErrorReporting } from './error-reporting';
import { runtimeConfig, runtimeConfigReady } from './runtime-config';

export const links: Route.LinksFunction = () => [
  // Browsers that cannot draw the SVG take the ICO drawn from it (scripts/favicon.ts).
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Kaja DNS guides', href: '/rss.xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React emits the stylesheet before the script preloads it hoists, so the first paint waits for less. */}
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        {/* The environment's settings (API address, app address, mode), served by the platform. Deferred so it
            does not block the first paint; the app's module script is async and may start first, so code that
            needs the settings waits for runtimeConfigReady(). */}
        <script src="/config.js" defer />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <PageScripts />
      </body>
    </html>
  );
}

/**
 * A pre-rendered page loads one small script, which starts the islands' script once the page has painted
 * (decision 086); that script hydrates the parts that run in the browser (decision 054). The not-found pages are
 * pre-rendered too (decision 090). React Router's "SPA mode" fallback, which React Router still writes and the
 * platform serves only for a build without 404.html, is React Router's whole app, rendered in the browser.
 */
function PageScripts() {
  const fallback = use(UNSAFE_FrameworkContext)?.isSpaMode ?? true;
  const notFound = useMatches().some(({ handle }) => (handle as { notFound?: boolean } | undefined)?.notFound);
  if (!import.meta.env.SSR || fallback) {
    return (
      <>
        <ScrollRestoration />
        <Scripts />
      </>
    );
  }
  return (
    <>
      {islandAssets.start.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {/* Where the islands' script is; where the error reporter's Sentry client is, fetched only on the page's
          first error (decision 063), and the analytics listener (decision 064); whether the page is a not-found page. */}
      <script
        type="module"
        src={islandAssets.start.module}
        data-hydrate={islandAssets.hydrate.module}
        data-error-reporter={islandAssets.errorReporter.module}
        data-analytics={islandAssets.analytics.module}
        data-not-found={notFound ? '' : undefined}
      />
    </>
  );
}

export default function App() {
  // Only where React Router runs in the browser: its SPA fallback (served only for a build without 404.html, decision
  // 090) and the dev server. The pre-rendered pages start both in the islands' script.
  useEffect(() => startSiteErrorReporting(() => import('@kaja/error-reporter/sentry')), []);
  // Counted under one path: a missing page's address is whatever was typed or linked.
  useEffect(() => void import('./analytics').then((listener) => listener.default(runtimeConfigReady, runtimeConfig, '/404')), []);
  return (
    <>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-background focus:p-2">
          Skip to content
        </a>
        <Island name="environment-banner" component={EnvironmentBanner} props={{}} />
        <Island name="site-header" component={SiteHeader} props={{}} />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <HashScroll />
    </>
  );
}

/** What the fallback page for addresses that were not pre-rendered shows until the app has started. */
export function HydrateFallback() {
  return <p className="sr-only">Loading...</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const expected = isRouteErrorResponse(error);
  const message = expected ? `${error.status} ${error.statusText}` : 'Something went wrong';
  useEffect(() => {
    if (!expected) reportError(error);
  }, [error, expected]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{message}</h1>
      <p className="mt-4">
        <a className="text-primary underline" href="/">
          Return to Home
        </a>
      </p>
    </main>
  );
}
