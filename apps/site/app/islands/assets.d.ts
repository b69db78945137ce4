/**
 * Where the built scripts are (islands.vite.ts): the page's starting script, the islands' script, each island's module,
 * and the scripts loaded by address or by one page, with the modules they import.
 */
declare module 'virtual:island-assets' {
  type Script = { module: string; imports: string[] };
  const assets: { start: Script; hydrate: Script; errorReporter: Script; analytics: Script; endpointAnchor: Script; islands: Record<string, Script> };
  export default assets;
}
