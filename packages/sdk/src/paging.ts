/** One page of a list call: its items and the envelope's `meta`. */
export interface Page<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}

/** What a list call of the typed client resolves to (its `data` is the envelope). */
export type PageCall<T> = (page: { limit: number; offset: number }) => Promise<{ data?: Page<T> | undefined }>;

/** The most items the API gives in one page. */
export const maxPageSize = 100;

/**
 * Every item of a list, asking page after page (100 at a time) until `meta.total` items have come
 * or a page comes back empty.
 */
export async function* paginate<T>(call: PageCall<T>, pageSize = maxPageSize): AsyncGenerator<T> {
  for (let offset = 0; ;) {
    const { data: page } = await call({ limit: pageSize, offset });
    if (!page) return;
    yield* page.data;
    offset += page.data.length;
    if (page.data.length === 0 || offset >= page.meta.total) return;
  }
}
