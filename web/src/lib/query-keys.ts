import type { ApiPath } from './api-catalog.ts'

/** A GET endpoint of the catalog: the only kind of call whose answer is cached. */
export type ReadPath = ApiPath<'GET'>

/**
 * The one query key of an endpoint's answers: its catalog path, then (for an endpoint with parameters or a
 * query) the values that pick one answer. Every page reading an endpoint shares its cache entry, and a
 * mutation refreshes an endpoint by its path alone.
 */
export function apiQueryKey<Path extends ReadPath>(path: Path): readonly [Path]
export function apiQueryKey<Path extends ReadPath, Variables extends Record<string, unknown>>(
  path: Path,
  variables: Variables,
): readonly [Path, Variables]
export function apiQueryKey(path: ReadPath, variables?: Record<string, unknown>) {
  return variables === undefined ? ([path] as const) : ([path, variables] as const)
}
