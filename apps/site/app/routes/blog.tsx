import { Badge, Card, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { Link } from 'react-router';
import { entries, summary } from '../content/collections.server';
import { formatDate } from '../dates';
import { pageMeta } from '../seo';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'DNS Guides',
    description: 'Guides on DNS from the Kaja DNS team: record types, zones, TTLs, DNSSEC, certificates and lessons from real outages.',
    path: '/blog',
  });

export function loader() {
  return { posts: entries('blog').map(summary) };
}

export default function Blog({ loaderData: { posts } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">DNS Guides</h1>
      <p className="mt-4 text-lg text-muted-foreground">Practical articles about how DNS works and how to run it well.</p>
      {posts.length === 0 ? (
        <p className="mt-12 text-muted-foreground">No posts found.</p>
      ) : (
        <ul className="mt-12 grid gap-6 md:grid-cols-2" data-testid="post-list">
          {posts.map((post) => (
            <li key={post.slug}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader>
                  {post.date && (
                    <time dateTime={post.date} className="text-sm text-muted-foreground">
                      {formatDate(post.date)}
                    </time>
                  )}
                  <CardTitle className="text-xl">
                    <Link to={`/blog/${post.slug}`} className="hover:underline">
                      {post.title}
                    </Link>
                  </CardTitle>
                  <CardDescription>{post.description}</CardDescription>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {post.tags.map((tag) => (
                      <Badge key={tag} variant="secondary">
                        {tag}
                      </Badge>
                    ))}
                  </div>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
