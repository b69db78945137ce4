import { data, NavLink } from 'react-router';
import { Article } from '../components/article';
import { LearningGuideNotFound, notFoundMeta, sectionNotFound } from '../components/not-found-message';
import { entries, findEntry, summary } from '../content/collections.server';
import { pageMeta } from '../seo';
import type { Route } from './+types/learning-guide';

export function loader({ params }: Route.LoaderArgs) {
  const list = entries('learning');
  const guide = findEntry(list, params.slug);
  if (!guide) throw data(null, { status: 404 });
  return { guide, guides: list.map(summary) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: loaderData.guide.title, description: loaderData.guide.description, path: `/learning/${loaderData.guide.slug}`, type: 'article' })
    : notFoundMeta(sectionNotFound.learning.title);

export default function LearningGuide({ loaderData: { guide, guides } }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Guides" className="md:sticky md:top-20 md:self-start">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">Guides</h2>
        <ul className="space-y-1">
          {guides.map((item) => (
            <li key={item.slug}>
              <NavLink
                to={`/learning/${item.slug}`}
                className={({ isActive }) => `block rounded-md px-2 py-1.5 text-sm hover:bg-muted ${isActive ? 'bg-muted font-semibold' : ''}`}
              >
                {item.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Article entry={guide} />
      </div>
    </div>
  );
}

export const ErrorBoundary = LearningGuideNotFound;
