import { z } from 'zod'
import { assertField, isPlainObject, isScalar } from './filter.ts'
import { StoreQueryError, type Update } from './port.ts'

/** Validation of documents and updates, shared by every adapter so that they refuse the same things. */

const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull'])

/**
 * Throws unless `value` is data both engines store and return unchanged: finite numbers, strings, booleans,
 * null, valid dates, arrays and plain objects whose keys neither start with `$` nor contain a dot.
 * Returns a copy without `undefined` object members, which neither engine keeps.
 */
export function storable(value: unknown, where: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new StoreQueryError(`${where} is not a finite number`)
    return value
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new StoreQueryError(`${where} is an invalid date`)
    return new Date(value.getTime())
  }
  if (Array.isArray(value)) return value.map((item, index) => storable(item, `${where}[${index}]`))
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {}
    for (const [key, member] of Object.entries(value)) {
      if (key === '' || key.startsWith('$') || key.includes('.') || key === '__proto__') {
        throw new StoreQueryError(`${where} has a forbidden key "${key}"`)
      }
      if (member !== undefined) copy[key] = storable(member, `${where}.${key}`)
    }
    return copy
  }
  throw new StoreQueryError(`${where} holds a value that cannot be stored`)
}

/** Parses a document with the collection's schema; refuses a schema that declares `id` or `_id`. */
export function validateDocument(document: unknown, schema: z.ZodObject): Record<string, unknown> {
  const result = schema.safeParse(document)
  if (!result.success) throw new StoreQueryError(`Invalid document: ${z.prettifyError(result.error)}`)
  return storable(result.data, 'document') as Record<string, unknown>
}

export function assertSchema(collection: string, schema: z.ZodObject): void {
  if (Object.hasOwn(schema.shape, 'id') || Object.hasOwn(schema.shape, '_id')) {
    throw new StoreQueryError(`The schema of ${collection} must not declare id or _id: the store assigns id`)
  }
}

const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,62}$/
/** `counters` holds the id sequences, so no collection may take its name. */
export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name) || name === 'counters') {
    throw new StoreQueryError(`Invalid collection name "${name}"`)
  }
}

function fieldSchema(path: string, schema: z.ZodObject): z.ZodType | undefined {
  return path.includes('.') ? undefined : (schema.shape[path] as z.ZodType)
}

function unwrap(type: z.ZodType, wrappers: ReadonlyArray<'optional' | 'default'>): z.ZodType {
  if (wrappers.includes('optional') && type instanceof z.ZodOptional)
    return unwrap(type.unwrap() as z.ZodType, wrappers)
  if (wrappers.includes('default') && type instanceof z.ZodDefault)
    return unwrap(type.unwrap() as z.ZodType, wrappers)
  return type
}

function parseField(type: z.ZodType, value: unknown, where: string): unknown {
  const result = type.safeParse(value)
  if (!result.success)
    throw new StoreQueryError(`Invalid value for ${where}: ${z.prettifyError(result.error)}`)
  return result.data
}

/**
 * Throws StoreQueryError unless the update uses only the port's operators on declared fields (never `id`),
 * with values the field's schema accepts. Returns the update with values as the schema outputs them.
 */
export function validateUpdate(update: unknown, schema: z.ZodObject): Update {
  if (!isPlainObject(update)) throw new StoreQueryError('An update must be a plain object')
  const operators = Object.keys(update)
  if (operators.length === 0) throw new StoreQueryError('An update needs at least one operator')
  const validated: Record<string, Record<string, unknown>> = {}
  const touched: string[] = []
  for (const operator of operators) {
    if (!UPDATE_OPERATORS.has(operator))
      throw new StoreQueryError(`Update operator "${operator}" is not allowed`)
    const fields = update[operator]
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) {
      throw new StoreQueryError(`${operator} takes an object naming at least one field`)
    }
    const output: Record<string, unknown> = {}
    for (const [path, value] of Object.entries(fields)) {
      if (path === 'id') throw new StoreQueryError('The id of a document cannot be changed')
      assertField(path, schema)
      touched.push(path)
      output[path] = validateOperand(operator, path, value, fieldSchema(path, schema))
    }
    validated[operator] = output
  }
  assertNoConflicts(touched)
  return validated as Update
}

function validateOperand(
  operator: string,
  path: string,
  value: unknown,
  type: z.ZodType | undefined,
): unknown {
  const where = `${operator} "${path}"`
  switch (operator) {
    case '$set':
      if (value === undefined)
        throw new StoreQueryError(`${where} needs a value; use $unset to remove a field`)
      return storable(type ? parseField(type, value, where) : value, where)
    case '$unset': {
      if (value !== true && value !== '' && value !== 1)
        throw new StoreQueryError(`${where} takes true, '' or 1`)
      const missing = type?.safeParse(undefined)
      if (type && !(missing?.success && missing.data === undefined)) {
        throw new StoreQueryError(`${where}: the field is required`)
      }
      return value
    }
    case '$inc':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new StoreQueryError(`${where} takes a number`)
      if (type) parseField(type, value, where)
      return value
    case '$push': {
      const array = type && unwrap(type, ['optional', 'default'])
      if (!(array instanceof z.ZodArray)) throw new StoreQueryError(`${where}: the field is not an array`)
      return storable(parseField(array.element as z.ZodType, value, where), where)
    }
    default: {
      // $pull on a missing field is a no-op in MongoDB but an error in NeDB: allow it only where the field is always there.
      const array = type && unwrap(type, ['default'])
      if (!(array instanceof z.ZodArray))
        throw new StoreQueryError(`${where}: the field is not a required array`)
      if (!isScalar(value)) throw new StoreQueryError(`${where} takes a scalar`)
      return storable(value, where)
    }
  }
}

/** MongoDB refuses two operators on the same path or on a path and its parent; NeDB would apply both. */
function assertNoConflicts(paths: string[]): void {
  for (const [index, path] of paths.entries()) {
    for (const other of paths.slice(index + 1)) {
      if (path === other || other.startsWith(`${path}.`) || path.startsWith(`${other}.`)) {
        throw new StoreQueryError(`The update changes "${path}" and "${other}" at once`)
      }
    }
  }
}
