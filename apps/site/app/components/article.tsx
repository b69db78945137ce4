import { Badge } from '@kaja/ui';
import type { ContentEntry } from '../content/entry';
import { formatDate } from '../dates';

/** An article's heading block and its Markdown body, rendered to HTML at build time. */
export function Article({ entry, children }: { entry: Pick<ContentEntry, 'title' | 'description' | 'date' | 'tags' | 'html'>; children?: React.ReactNode }) {
  return (
    <article>
      <header className="border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{entry.title}</h1>
        {entry.description && <p className="mt-3 text-lg text-muted-foreground">{entry.description}</p>}
        {(entry.date || entry.tags.length > 0) && (
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {entry.date && <time dateTime={entry.date}>{formatDate(entry.date)}</time>}
            {entry.tags.map((tag) => (
              <Badge key={tag} variant="secondary">
                {tag}
              </Badge>
            ))}
          </div>
        )}
        {children}
      </header>
      <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: entry.html }} />
    </article>
  );
}
