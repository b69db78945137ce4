import { Button } from '@kaja/ui';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiGuideNotFound, BlogPostNotFound, DocumentNotFound, LearningGuideNotFound, ReferenceResourceNotFound } from '../components/not-found-message';
import { notFoundSectionOf, type NotFoundSection } from '../not-found-pages';
import type { Route } from './+types/not-found';

/** Read by root.tsx, which marks the page's islands' script so that the script knows the page is a not-found page. */
export const handle = { notFound: true };

// What an unknown address below a section says, with the title, as that section's own routes say it when they find nothing.
const sections: Record<NotFoundSection, { title: string; Text: ComponentType }> = {
  blog: { title: 'Post Not Found', Text: BlogPostNotFound },
  learning: { title: 'Article Not Found', Text: LearningGuideNotFound },
  docs: { title: 'Document not found', Text: DocumentNotFound },
  api: { title: 'API guide not found', Text: ApiGuideNotFound },
  'api/reference': { title: 'Resource not found', Text: ReferenceResourceNotFound },
};

export const meta: Route.MetaFunction = ({ location }) => {
  const section = notFoundSectionOf(location.pathname);
  return [{ title: `${section ? sections[section].title : 'Page not found'} | Kaja DNS` }, { name: 'robots', content: 'noindex' }];
};

/**
 * Pre-rendered as the site's not-found pages (app/not-found-pages.ts, decision 090); the visitor's address is
 * known only in the browser, where the islands' script logs it and counts the page view (hydrate.client.tsx).
 */
export default function NotFound() {
  const section = notFoundSectionOf(useLocation().pathname);
  if (section) {
    const { Text } = sections[section];
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
