import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '@kaja/error-reporter';
import { PageStatus } from './page-status';

/**
 * What a screen that failed shows instead of itself (a rendering error, a screen's code that did not
 * load), and the report of that failure to staff (decision 063).
 */
export function RouteError() {
  const error = useRouteError();
  const unexpected = !isRouteErrorResponse(error);
  useEffect(() => {
    if (unexpected) reportError(error);
  }, [error, unexpected]);
  return <PageStatus error>Something went wrong on this page. Reload it to try again; if it keeps happening, contact support.</PageStatus>;
}
