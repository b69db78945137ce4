import { Button } from '@kaja/ui';
import { Link, useLocation } from 'react-router';
import { notFoundMeta, sectionNotFound } from '../components/not-found-message';
import { notFoundSectionOf } from '../not-found-pages';
import type { Route } from './+types/not-found';

/** Read by root.tsx, which marks the page's islands' script so that the script knows the page is a not-found page. */
export const handle = { notFound: true };

export const meta: Route.MetaFunction = ({ location }) => {
  const section = notFoundSectionOf(location.pathname);
  return notFoundMeta(section ? sectionNotFound[section].title : 'Page not found');
};

/**
 * Pre-rendered as the site's not-found pages (app/not-found-pages.ts, decision 090); the visitor's address is
 * known only in the browser, where the islands' script logs it and counts the page view (hydrate.client.tsx).
 */
export default function NotFound() {
  const section = notFoundSectionOf(useLocation().pathname);
  if (section) {
    const { Text } = sectionNotFound[section];
    return <Text />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl">Oops! Page not found</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
