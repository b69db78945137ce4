import { CopyButton } from '@kaja/ui';
import { useId } from 'react';

/** A configuration snippet to copy, with its title and what to do with it. */
export function SnippetBlock({ title, hint, text }: { title: string; hint: string; text: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-medium">
          {title}
        </h3>
        <CopyButton text={text} details={`the ${title} snippet`} />
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
      <pre tabIndex={0} aria-label={`${title} snippet`} className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs">
        <code>{text}</code>
      </pre>
    </section>
  );
}
