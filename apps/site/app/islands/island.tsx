import type { ComponentType, ReactNode } from 'react';
import islandAssets from 'virtual:island-assets';
import { islands, type IslandName } from './registry';

/**
 * A part of a pre-rendered page that runs in the browser. The page itself is not hydrated (decision
 * 054): the build renders the island here with its module, component and props written beside it,
 * and `hydrate.client.tsx` hydrates just this element with them. `children`, when given, stay the
 * pre-rendered HTML (a slot the island's own rendering does not touch). In the not-found fallback,
 * where React Router renders the whole page in the browser, an island is an ordinary part of it.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
  children,
}: {
  name: IslandName;
  component: ComponentType<Props & { children?: ReactNode }>;
  props: Props;
  children?: ReactNode;
}) {
  // Its module is fetched by the islands' script, after the page has painted (start.client.ts).
  const script = import.meta.env.SSR ? islandAssets.islands[name] : undefined;
  return (
    <div data-island={name} data-module={script?.module} data-component={islands[name][1]} data-props={JSON.stringify(props)} className="contents">
      <Component {...props}>{children === undefined ? undefined : <IslandSlot>{children}</IslandSlot>}</Component>
    </div>
  );
}

const asBuilt = { __html: '' };

/**
 * Where an island's pre-rendered children sit. In the browser the slot keeps the HTML as it came, unread: React
 * never compares the inner HTML of an element it hydrates, and sets it only when the object given changes, which
 * this one never does. Reading the HTML to give it back instead cost 20-30 ms on the endpoint reference (480 KB of
 * it) before any island could start (decision 086).
 */
export function IslandSlot({ children }: { children?: ReactNode }) {
  return children === undefined ? (
    <div data-island-slot="" className="contents" dangerouslySetInnerHTML={asBuilt} suppressHydrationWarning />
  ) : (
    <div data-island-slot="" className="contents">
      {children}
    </div>
  );
}
