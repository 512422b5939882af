import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify'
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

export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler)
  // Responses are shaped by the handlers from typed values; parsing them again would cost on every call.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
}
