/**
 * Every island by name: the module that holds its component and the component's export. The build
 * makes each module a script of its own (islands.vite.ts), and a page loads only those of the
 * islands it has.
 */
export const islands = {
  'environment-banner': ['components/environment-banner.tsx', 'EnvironmentBanner'],
  'site-header': ['components/site-header.tsx', 'SiteHeader'],
  'trial-button': ['components/trial-button.tsx', 'TrialButton'],
  pricing: ['components/pricing.tsx', 'Pricing'],
  'last-updated': ['components/legal-page.tsx', 'LastUpdated'],
  'docs-shell': ['components/docs-shell.tsx', 'DocsShell'],
  'table-of-contents': ['components/table-of-contents.tsx', 'TableOfContents'],
  'support-center': ['components/support-center.tsx', 'SupportCenter'],
  'status-board': ['components/status-board.tsx', 'StatusBoard'],
  'api-overview': ['components/api-overview.tsx', 'ApiOverview'],
  'openapi-document-link': ['components/openapi-document-link.tsx', 'OpenApiDocumentLink'],
  'app-redirect': ['components/app-redirect.tsx', 'AppRedirect'],
} as const satisfies Record<string, readonly [module: string, component: string]>;

export type IslandName = keyof typeof islands;
