import { type ContentEntry, parseEntry } from './entry';

type Files = Record<string, string>;

// Vite reads the Markdown at build time, so adding a post is adding a file to content/.
const files = {
  blog: import.meta.glob('../../content/blog/*.md', { query: '?raw', import: 'default', eager: true }) as Files,
  learning: import.meta.glob('../../content/learning/*.md', { query: '?raw', import: 'default', eager: true }) as Files,
  docs: import.meta.glob('../../content/docs/*.md', { query: '?raw', import: 'default', eager: true }) as Files,
  api: import.meta.glob('../../content/api/*.md', { query: '?raw', import: 'default', eager: true }) as Files,
};

export type Collection = keyof typeof files;

const byTitle = (a: ContentEntry, b: ContentEntry) => a.title.localeCompare(b.title);

/** Newest first by date; undated posts last. */
export const newestFirst = (a: ContentEntry, b: ContentEntry) => (b.date ?? '').localeCompare(a.date ?? '') || byTitle(a, b);

/** By `order` (default 9999), then by title. */
export const byOrder = (a: ContentEntry, b: ContentEntry) => a.order - b.order || byTitle(a, b);

export function parseCollection(collectionFiles: Files, compare: (a: ContentEntry, b: ContentEntry) => number) {
  return Object.entries(collectionFiles)
    .map(([path, raw]) => parseEntry(path, raw))
    .sort(compare);
}

const cache = new Map<Collection, ContentEntry[]>();

/** The entries of one content folder in reading order: the blog newest first, the rest by order. */
export function entries(collection: Collection): ContentEntry[] {
  let list = cache.get(collection);
  if (!list) {
    list = parseCollection(files[collection], collection === 'blog' ? newestFirst : byOrder);
    cache.set(collection, list);
  }
  return list;
}

/** A post is found by its slug first, then by its file name. */
export function findEntry(list: ContentEntry[], slug: string) {
  return list.find((entry) => entry.slug === slug) ?? list.find((entry) => entry.fileName === slug);
}

/** What a sidebar or an index needs of an entry, without the body. */
export function summary({ html: _html, headings: _headings, ...rest }: ContentEntry) {
  return rest;
}
export type EntrySummary = ReturnType<typeof summary>;

/** API guide categories in sidebar order; unknown categories follow, alphabetically. */
export const API_CATEGORIES = ['Foundations', 'Core Resources', 'Account Management', 'General'];

export function groupByCategory<T extends { category: string }>(list: T[]) {
  const names = [...new Set(list.map((entry) => entry.category))].sort((a, b) => {
    const rank = (name: string) => (API_CATEGORIES.includes(name) ? API_CATEGORIES.indexOf(name) : API_CATEGORIES.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  return names.map((category) => ({ category, entries: list.filter((entry) => entry.category === category) }));
}
