import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify'
import { z } from 'zod'
import { describeZodError } from './errors.ts'

/** Lets routes declare zod schemas for body, params, query and responses, with inferred handler types. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data)
    if (result.success) return { value: result.data }
    const error = new Error(describeZodError(result.error)) as Error & { validation: unknown[] }
    error.validation = result.error.issues
    return { error }
  }

/**
 * Answers pass through their declared schema: unknown fields (a hash, an internal flag) are dropped, and an
 * answer that breaks its contract fails here rather than reaching a client. Pre-serialized text (a cached
 * list) is sent as it is.
 */
const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, url, method }) =>
  (data) => {
    const result = schema.safeParse(data)
    // The service's own fault (500), never the caller's: a ZodError here would read as bad input.
    if (!result.success)
      throw new Error(`${method} ${url}: the answer breaks its schema: ${describeZodError(result.error)}`)
    return JSON.stringify(result.data)
  }

export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
}
