import type { z } from 'zod'

/**
 * The document-store port: a MongoDB-shaped subset that NeDB and MongoDB both run with MongoDB's semantics.
 *
 * Filters accept only these forms, anything else throws StoreQueryError:
 * - `{ field: scalar }` (equality; on an array field, "contains"; `null` matches null or missing)
 * - `{ field: { $eq | $ne | $gt | $gte | $lt | $lte: scalar } }`
 * - `{ field: { $in | $nin: scalar[] } }`, `{ field: { $exists: boolean } }`
 * - `{ $and: Filter[] }`, `{ $or: Filter[] }`
 * Scalars are string, number, boolean, null or Date. Fields must be declared in the collection's schema
 * (a dotted path is allowed when its first segment is declared). `$regex`, `$where`, `$nor`, `$not`,
 * `$elemMatch`, `$size` and operator objects in value positions are refused. Range operators take a
 * string, number or date (both engines compare only like with like). `find` sorts by the given keys, then
 * by `id`, so its order is always defined.
 */
export type Scalar = string | number | boolean | null | Date

export type FieldCondition =
  | Scalar
  | {
      $eq?: Scalar
      $ne?: Scalar
      $gt?: Scalar
      $gte?: Scalar
      $lt?: Scalar
      $lte?: Scalar
      $in?: Scalar[]
      $nin?: Scalar[]
      $exists?: boolean
    }

export type Filter = { $and?: Filter[]; $or?: Filter[] } & {
  [field: string]: FieldCondition | Filter[] | undefined
}

/**
 * Update operators: `$set`, `$unset`, `$inc`, `$push` (one value), `$pull` (equal scalar). Fields must be declared
 * and never `id`; top-level values are parsed with the field's schema, `$unset` only takes optional fields,
 * `$push` needs an array field and `$pull` an array field that is never missing (required or defaulted).
 * Two operators on the same path, or on a path and its parent, are refused. Anything else throws StoreQueryError.
 */
export interface Update {
  $set?: Record<string, unknown>
  $unset?: Record<string, true | '' | 1>
  $inc?: Record<string, number>
  $push?: Record<string, unknown>
  $pull?: Record<string, Scalar>
}

export interface FindOptions {
  sort?: Record<string, 1 | -1>
  limit?: number
  skip?: number
}

export interface IndexSpec {
  /**
   * One field; compound unique keys are modelled as one derived field. On an array field, each element is a
   * key: a unique index refuses a document sharing any element with another document.
   */
  field: string
  unique?: boolean
  /** Unique only among documents that have the field (MongoDB partial index, NeDB sparse). */
  sparse?: boolean
}

export interface CollectionOptions<S extends z.ZodObject> {
  /** The stored document's shape, without `id`. Filters may only name its fields. */
  schema: S
  /** 'int': public ids 1, 2, 3… from a counter (the spec shows numeric ids); 'uuid': random UUID strings. */
  idKind: 'int' | 'uuid'
  indexes?: IndexSpec[]
}

export type WithId<T, K extends 'int' | 'uuid'> = T & { id: K extends 'int' ? number : string }

/**
 * Methods return null or false on a miss; documents never carry the store's internal `_id`.
 * `Input` is what insert takes (the schema's input, before defaults); `T` is what is stored and returned.
 */
export interface Collection<T, K extends 'int' | 'uuid' = 'int' | 'uuid', Input = T> {
  /** Validates with the schema; throws DuplicateKeyError when a unique index refuses it. */
  insert(document: Input): Promise<WithId<T, K>>
  findOne(filter: Filter): Promise<WithId<T, K> | null>
  find(filter: Filter, options?: FindOptions): Promise<WithId<T, K>[]>
  count(filter: Filter): Promise<number>
  /** Updates the first match and returns it as updated, or null. */
  updateOne(filter: Filter, update: Update): Promise<WithId<T, K> | null>
  /** Returns the number of documents the update matched (and applied to). */
  updateMany(filter: Filter, update: Update): Promise<number>
  deleteOne(filter: Filter): Promise<boolean>
  deleteMany(filter: Filter): Promise<number>
}

export interface DocumentStore {
  readonly kind: 'nedb' | 'mongodb'
  collection<S extends z.ZodObject, K extends 'int' | 'uuid'>(
    name: string,
    options: CollectionOptions<S> & { idKind: K },
  ): Promise<Collection<z.output<S>, K, z.input<S>>>
  ping(): Promise<boolean>
  /**
   * Leaves nothing deleted or replaced on disk: the embedded store's append-only files are rewritten at once
   * (an account's deletion, docs/decisions/061-account-deletion.md); MongoDB frees its own space.
   */
  compact(): Promise<void>
  close(): Promise<void>
}

export class StoreQueryError extends Error {
  override name = 'StoreQueryError'
}

export class DuplicateKeyError extends Error {
  override name = 'DuplicateKeyError'
  constructor(
    readonly collection: string,
    readonly field: string,
  ) {
    super(`Duplicate value for ${collection}.${field}`)
  }
}
