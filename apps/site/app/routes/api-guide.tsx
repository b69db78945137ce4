import { data } from 'react-router';
import { Article } from '../components/article';
import { ApiGuideNotFound, notFoundMeta, sectionNotFound } from '../components/not-found-message';
import { PageContents } from '../components/table-of-contents';
import { entries, findEntry } from '../content/collections.server';
import { pageMeta } from '../seo';
import type { Route } from './+types/api-guide';

export function loader({ params }: Route.LoaderArgs) {
  const guide = findEntry(entries('api'), params.slug);
  if (!guide) throw data(null, { status: 404 });
  return { guide };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: `${loaderData.guide.title} - API`, description: loaderData.guide.description, path: `/api/${loaderData.guide.slug}` })
    : notFoundMeta(sectionNotFound.api.title);

export default function ApiGuide({ loaderData: { guide } }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <Article entry={guide}>
        <div className="mt-4">
          <PageContents headings={guide.headings} />
        </div>
      </Article>
    </div>
  );
}

export const ErrorBoundary = ApiGuideNotFound;
