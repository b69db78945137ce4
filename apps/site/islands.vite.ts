// The islands' scripts in the client build (decision 054): app/islands/start.client.ts, which starts
// app/islands/hydrate.client.tsx once the page has painted (decision 086), and each island's module
// (app/islands/registry.ts) as an entry of its own, so that a page loads only its islands. Their
// addresses, with the modules each imports, reach the pre-rendering as `virtual:island-assets`, read
// from the client build's manifest (React Router keeps it until the pre-rendering is done).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { islands } from './app/islands/registry';

const start = 'app/islands/start.client.ts';
const hydrate = 'app/islands/hydrate.client.tsx';
const modules = [...new Set(Object.values(islands).map(([module]) => `app/${module}`))];
const virtualId = 'virtual:island-assets';
// The error reporter's Sentry client, loaded by address on a page's first error (decision 063): an entry of its
// own, so the islands' script needs no bundler preload helper for it.
const errorReporter = createRequire(import.meta.url).resolve('@kaja/error-reporter/sentry');
// The analytics listener (decision 064), loaded by address once the page's own scripts run: an entry of its own too.
const analytics = 'app/analytics.ts';
// What takes an address of the endpoint reference from when it was one page to the endpoint's page (decision 088),
// loaded by the reference's index alone.
const endpointAnchor = 'app/endpoint-anchor.client.ts';

type ManifestChunk = { file: string; imports?: string[] };

function scripts(manifest: Record<string, ManifestChunk>, source: string) {
  if (!manifest[source]) throw new Error(`${source} is missing from the client build's manifest`);
  const imports = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      const file = `/${manifest[imported]!.file}`;
      if (imports.has(file)) continue;
      imports.add(file);
      visit(imported);
    }
  };
  visit(source);
  return { module: `/${manifest[source].file}`, imports: [...imports] };
}

export function islandAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kaja-island-assets',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      if (config.command !== 'build' || config.build.ssr) return;
      for (const source of [start, hydrate, ...modules]) this.emitFile({ type: 'chunk', id: join(config.root, source), preserveSignature: 'exports-only' });
      this.emitFile({ type: 'chunk', id: errorReporter, preserveSignature: 'exports-only' });
      this.emitFile({ type: 'chunk', id: join(config.root, analytics), preserveSignature: 'exports-only' });
      this.emitFile({ type: 'chunk', id: join(config.root, endpointAnchor), preserveSignature: 'exports-only' });
    },
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : undefined;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return undefined;
      const dev = (source: string) => ({ module: `/${source}`, imports: [] });
      const script =
        config.command !== 'build'
          ? dev
          : config.build.ssr
            ? scripts.bind(null, JSON.parse(readFileSync(join(config.root, 'build/client/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>)
            : // The browser's own build never places the scripts (root.tsx, island.tsx): only the pre-rendering does.
              () => ({ module: '', imports: [] });
      const assets = {
        start: script(start),
        hydrate: script(hydrate),
        errorReporter: script(relative(config.root, errorReporter)),
        analytics: script(analytics),
        endpointAnchor: script(endpointAnchor),
        islands: Object.fromEntries(Object.entries(islands).map(([name, [module]]) => [name, script(`app/${module}`)])),
      };
      return `export default ${JSON.stringify(assets)};`;
    },
  };
}
