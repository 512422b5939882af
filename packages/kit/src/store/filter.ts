import type { z } from 'zod'
import { StoreQueryError, type FieldCondition, type Filter, type FindOptions, type Scalar } from './port.ts'

/** Validation of filters against the port's subset, and their translation to NeDB with MongoDB's semantics. */

type Query = Record<string, unknown>

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists'])
const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte'])
// Deeper nesting than this is a bug or an attack, never a real query.
const MAX_DEPTH = 16

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

export function isScalar(value: unknown): value is Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return !Number.isNaN(value)
  return value instanceof Date && !Number.isNaN(value.getTime())
}

/** Throws unless `path` is `id`, a declared top-level field, or a dotted path under one. */
export function assertField(path: string, schema: z.ZodObject): void {
  if (path === 'id') return
  const segments = path.split('.')
  const first = segments[0] ?? ''
  const wellFormed = segments.every((segment) => segment !== '' && !segment.startsWith('$'))
  if (!wellFormed || first === 'id' || first === '_id' || !Object.hasOwn(schema.shape, first)) {
    throw new StoreQueryError(`Unknown field "${path}"`)
  }
}

function assertScalar(value: unknown, where: string): asserts value is Scalar {
  if (!isScalar(value)) throw new StoreQueryError(`${where} must be a string, number, boolean, null or date`)
}

function assertCondition(path: string, condition: unknown): asserts condition is FieldCondition {
  if (condition === undefined) throw new StoreQueryError(`Field "${path}" has an undefined condition`)
  if (isScalar(condition)) return
  if (!isPlainObject(condition) || Object.keys(condition).length === 0) {
    throw new StoreQueryError(`Field "${path}" must be compared with a scalar or an operator object`)
  }
  for (const [operator, operand] of Object.entries(condition)) {
    if (!FIELD_OPERATORS.has(operator)) throw new StoreQueryError(`Operator "${operator}" is not allowed`)
    const where = `${operator} on "${path}"`
    if (operator === '$exists') {
      if (typeof operand !== 'boolean') throw new StoreQueryError(`${where} takes true or false`)
    } else if (operator === '$in' || operator === '$nin') {
      if (!Array.isArray(operand)) throw new StoreQueryError(`${where} takes an array`)
      for (const item of operand) assertScalar(item, `Each value of ${where}`)
    } else if (RANGE_OPERATORS.has(operator)) {
      // Both engines compare only like with like, and NeDB never orders booleans or null: keep to the overlap.
      const comparable =
        typeof operand === 'string' ||
        (typeof operand === 'number' && !Number.isNaN(operand)) ||
        isScalarDate(operand)
      if (!comparable) throw new StoreQueryError(`${where} takes a string, number or date`)
    } else {
      assertScalar(operand, `The value of ${where}`)
    }
  }
}

function isScalarDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime())
}

/** Throws StoreQueryError unless `filter` uses only the port's documented forms and declared fields. */
export function validateFilter(filter: unknown, schema: z.ZodObject, depth = 0): Filter {
  if (!isPlainObject(filter)) throw new StoreQueryError('A filter must be a plain object')
  if (depth > MAX_DEPTH) throw new StoreQueryError('The filter is nested too deeply')
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0)
        throw new StoreQueryError(`${key} takes a non-empty array`)
      for (const part of value) validateFilter(part, schema, depth + 1)
    } else if (key.startsWith('$')) {
      throw new StoreQueryError(`Operator "${key}" is not allowed`)
    } else {
      assertField(key, schema)
      assertCondition(key, value)
    }
  }
  return filter as Filter
}

/** Sort fields must be declared; limit and skip are whole numbers. */
export function validateFindOptions(options: FindOptions | undefined, schema: z.ZodObject): FindOptions {
  if (options === undefined) return {}
  if (!isPlainObject(options)) throw new StoreQueryError('Find options must be a plain object')
  const { sort } = options
  const limit: unknown = options.limit
  const skip: unknown = options.skip
  if (sort !== undefined) {
    if (!isPlainObject(sort)) throw new StoreQueryError('sort must be a plain object')
    for (const [field, direction] of Object.entries(sort)) {
      assertField(field, schema)
      if (direction !== 1 && direction !== -1) throw new StoreQueryError(`sort on "${field}" must be 1 or -1`)
    }
  }
  if (limit !== undefined && !(typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0)) {
    throw new StoreQueryError('limit must be a positive integer')
  }
  if (skip !== undefined && !(typeof skip === 'number' && Number.isSafeInteger(skip) && skip >= 0)) {
    throw new StoreQueryError('skip must be a non-negative integer')
  }
  return options
}

/** The sort every adapter applies: the caller's keys, then `id`, so that paging is deterministic. */
export function effectiveSort(sort: FindOptions['sort']): Record<string, 1 | -1> {
  // `...{}` first: not led by a spread (docs/decisions/082-no-leading-spread-on-hot-paths.md).
  return { ...{}, ...sort, id: sort?.id ?? 1 }
}

/**
 * Translates a validated filter into an NeDB query with MongoDB's semantics. Plain equalities stay at the
 * top level so that NeDB can answer them from an index; everything else goes under one `$and`.
 */
export function toNedbQuery(filter: Filter): Query {
  const query: Query = {}
  const rest: Query[] = []
  for (const [key, value] of Object.entries(filter)) {
    const clauses =
      key === '$and' || key === '$or'
        ? [{ [key]: (value as Filter[]).map(toNedbQuery) }]
        : fieldClauses(key, value as FieldCondition)
    for (const clause of clauses) {
      const [onlyKey] = Object.keys(clause)
      const flat = onlyKey !== undefined && Object.keys(clause).length === 1 && !onlyKey.startsWith('$')
      if (flat && !Object.hasOwn(query, onlyKey)) query[onlyKey] = clause[onlyKey]
      else rest.push(clause)
    }
  }
  if (rest.length > 0) query.$and = rest
  return query
}

function fieldClauses(field: string, condition: FieldCondition): Query[] {
  // A document's id is also its NeDB `_id` (decision 016), whose index answers it.
  const path = field === 'id' ? '_id' : field
  if (isScalar(condition)) return [equals(path, condition)]
  const clauses: Query[] = []
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$eq') clauses.push(equals(path, operand as Scalar))
    // NeDB applies $ne and $nin element by element on arrays; MongoDB means "no element matches".
    else if (operator === '$ne') clauses.push({ $not: equals(path, operand as Scalar) })
    else if (operator === '$in') clauses.push(isIn(path, operand as Scalar[]))
    else if (operator === '$nin') clauses.push({ $not: isIn(path, operand as Scalar[]) })
    else if (operator === '$exists') clauses.push({ [path]: { $exists: operand } })
    // NeDB coerces null to 0 against a date; the element-wise $ne keeps null out as MongoDB does.
    else if (operand instanceof Date) clauses.push({ [path]: { [operator]: operand, $ne: null } })
    // One clause per operator: MongoDB lets different array elements satisfy different bounds.
    else clauses.push({ [path]: { [operator]: operand } })
  }
  return clauses
}

function equals(path: string, value: Scalar): Query {
  return value === null ? { $or: [{ [path]: null }, { [path]: { $exists: false } }] } : { [path]: value }
}

function isIn(path: string, values: Scalar[]): Query {
  const clause = { [path]: { $in: values } }
  return values.includes(null) ? { $or: [clause, { [path]: { $exists: false } }] } : clause
}
