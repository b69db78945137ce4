import { useSyncExternalStore, type ReactNode } from 'react';
import { Island } from '../islands/island';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const today = () => longDate.format(new Date());
const subscribe = () => () => {};

/**
 * The legal pages show the visitor's today as their date. The pre-rendered HTML has the build's day,
 * which the island is given to hydrate with (the server snapshot), so that React sees the visitor's
 * today differ and renders it. Hydrating with today instead would leave the build's day on screen:
 * a text that differs at hydration is not patched.
 */
export function LastUpdated({ builtOn }: { builtOn: string }) {
  const date = useSyncExternalStore(subscribe, today, () => builtOn);
  return (
    <p className="mt-2 text-sm text-muted-foreground" data-testid="last-updated">
      Last updated: {date}
    </p>
  );
}

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: { heading: string; body: ReactNode }[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <Island name="last-updated" component={LastUpdated} props={{ builtOn: today() }} />
      <div className="prose mt-8">
        <p>{intro}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body}
          </section>
        ))}
      </div>
    </div>
  );
}
