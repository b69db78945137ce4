import { Button } from '@kaja/ui';
import { ArrowLeft } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { NotFoundSection } from '../not-found-pages';

/** The text shown when an article address matches no file. */
export function NotFoundMessage({ title, text, back }: { title: string; text?: string; back: { label: string; to: string } }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {text && <p className="mt-4 text-muted-foreground">{text}</p>}
      <Button asChild variant="outline" className="mt-8">
        <Link to={back.to}>
          <ArrowLeft aria-hidden />
          {back.label}
        </Link>
      </Button>
    </div>
  );
}

export function BlogPostNotFound() {
  return <NotFoundMessage title="Post Not Found" text="The post you're looking for doesn't exist." back={{ label: 'Back to Blog', to: '/blog' }} />;
}

export function LearningGuideNotFound() {
  return (
    <NotFoundMessage
      title="Article Not Found"
      text="The article you're looking for doesn't exist."
      back={{ label: 'Back to Learning Center', to: '/learning' }}
    />
  );
}

export function DocumentNotFound() {
  return (
    <div className="py-16">
      <h1 className="text-2xl font-bold">Document not found.</h1>
      <Link to="/docs" className="mt-4 inline-block text-primary underline">
        Back to docs
      </Link>
    </div>
  );
}

export function ApiGuideNotFound() {
  return (
    <div className="py-16">
      <h1 className="text-2xl font-bold">API guide not found</h1>
      <Link to="/api" className="mt-4 inline-block text-primary underline">
        Back to the API overview
      </Link>
    </div>
  );
}

export function ReferenceResourceNotFound() {
  return (
    <div className="py-16">
      <h1 className="text-2xl font-bold">Resource not found in the endpoint reference</h1>
      <Link to="/api/reference" className="mt-4 inline-block text-primary underline">
        Back to the endpoint reference
      </Link>
    </div>
  );
}

/**
 * What an unknown address below each section says, and its page's title: one home for both, read by the
 * section's own routes when they find nothing and by the section's pre-rendered not-found page (decision 090).
 */
export const sectionNotFound: Record<NotFoundSection, { title: string; Text: ComponentType }> = {
  blog: { title: 'Post Not Found', Text: BlogPostNotFound },
  learning: { title: 'Article Not Found', Text: LearningGuideNotFound },
  docs: { title: 'Document not found', Text: DocumentNotFound },
  api: { title: 'API guide not found', Text: ApiGuideNotFound },
  'api/reference': { title: 'Resource not found', Text: ReferenceResourceNotFound },
};

/** A not-found page's meta: its title, and kept out of search engines. */
export const notFoundMeta = (title: string) => [{ title: `${title} | Kaja DNS` }, { name: 'robots', content: 'noindex' }];
