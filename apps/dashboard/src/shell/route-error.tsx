import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '@kaja/error-reporter';

/**
 * What a screen that failed shows instead of itself (a rendering error, a screen's code that did not
 * load), and the report of that failure to staff (decision 063). Plain markup: it is part of the first
 * screen's JavaScript, which the UI kit's class merging would grow by 9 KB (decision 026).
 */
export function RouteError() {
  const error = useRouteError();
  const unexpected = !isRouteErrorResponse(error);
  useEffect(() => {
    if (unexpected) reportError(error);
  }, [error, unexpected]);
  return (
    <main className="flex min-h-[50vh] items-center justify-center p-6">
      <p role="alert" className="text-sm text-destructive">
        Something went wrong on this page. Reload it to try again; if it keeps happening, contact support.
      </p>
    </main>
  );
}
