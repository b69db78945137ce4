/**
 * The not-found pages the build pre-renders (decision 090): the site's, and one for each part of the site whose
 * addresses below it have a not-found text of their own (an unknown post says Post Not Found, with a link back to
 * the blog). React Router pre-renders them from the not-found route at addresses under /404, which no other
 * route matches; scripts/notFoundPages.ts then moves each to the `404.html` of its part's folder, where the
 * platform finds the nearest one for an address it has no file for.
 */
export const notFoundSections = ['blog', 'learning', 'docs', 'api', 'api/reference'] as const;

export type NotFoundSection = (typeof notFoundSections)[number];

/** Where the not-found route is pre-rendered for the site (`''`) and for each section, and the file it becomes. */
export const notFoundPages = ['' as const, ...notFoundSections].map((section) => ({
  section,
  path: section ? `/404/${section}` : '/404',
  file: section ? `${section}/404.html` : '404.html',
}));

/** The section a pre-rendered not-found page was rendered for, from its address; `''` for any other address. */
export const notFoundSectionOf = (pathname: string) => notFoundPages.find(({ path }) => path === pathname.replace(/(.)\/$/, '$1'))?.section ?? '';
