import type { Collection, Filter, WithId } from './port.ts'

/** Documents read this many at a time: a page is all a reader holds, however many match. */
export const PAGE_SIZE = 500

/**
 * Every document matching `filter`, in id order, read a page at a time (each page after the last id of the
 * one before), so that a caller streaming them on holds one page, never the whole collection. The id bound sits
 * beside the filter's fields, not in an `$and`, so that NeDB still finds the candidates through an index of
 * the filter's field.
 */
export async function* inPages<T>(
  collection: Collection<T, 'int'>,
  filter: Filter,
  pageSize = PAGE_SIZE,
): AsyncGenerator<WithId<T, 'int'>> {
  if ('id' in filter) throw new Error('inPages sets the id bound itself')
  let after = 0
  for (;;) {
    const page = await collection.find(
      { ...filter, id: { $gt: after } },
      { sort: { id: 1 }, limit: pageSize },
    )
    yield* page
    if (page.length < pageSize) return
    after = (page.at(-1) as { id: number }).id
  }
}
