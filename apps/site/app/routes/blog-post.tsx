import { Button } from '@kaja/ui';
import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { Article } from '../components/article';
import { BlogPostNotFound, notFoundMeta, sectionNotFound } from '../components/not-found-message';
import { entries, findEntry } from '../content/collections.server';
import { pageMeta } from '../seo';
import type { Route } from './+types/blog-post';

export function loader({ params }: Route.LoaderArgs) {
  const post = findEntry(entries('blog'), params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: loaderData.post.title, description: loaderData.post.description, path: `/blog/${loaderData.post.slug}`, type: 'article' })
    : notFoundMeta(sectionNotFound.blog.title);

const backToBlog = (
  <Button asChild variant="ghost" size="sm" className="mb-6 -ml-3">
    <Link to="/blog">
      <ArrowLeft aria-hidden />
      Back to Blog
    </Link>
  </Button>
);

export default function BlogPost({ loaderData: { post } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      {backToBlog}
      <Article entry={post} />
      <div className="mt-12 border-t border-border pt-6">{backToBlog}</div>
    </div>
  );
}

export const ErrorBoundary = BlogPostNotFound;
