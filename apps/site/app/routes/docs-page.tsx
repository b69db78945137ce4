import { data } from 'react-router';
import { Article } from '../components/article';
import { DocumentNotFound, notFoundMeta, sectionNotFound } from '../components/not-found-message';
import { PageContents } from '../components/table-of-contents';
import { entries, findEntry } from '../content/collections.server';
import { pageMeta } from '../seo';
import type { Route } from './+types/docs-page';

export function loader({ params }: Route.LoaderArgs) {
  const doc = findEntry(entries('docs'), params.slug);
  if (!doc) throw data(null, { status: 404 });
  return { doc };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: loaderData.doc.title, description: loaderData.doc.description, path: `/docs/${loaderData.doc.slug}` })
    : notFoundMeta(sectionNotFound.docs.title);

export default function DocsPage({ loaderData: { doc } }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <Article entry={doc}>
        <div className="mt-4">
          <PageContents headings={doc.headings} />
        </div>
      </Article>
    </div>
  );
}

export const ErrorBoundary = DocumentNotFound;
