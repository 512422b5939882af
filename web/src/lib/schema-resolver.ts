import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * A react-hook-form resolver for a zod schema (the contract's, with the form's own rules and messages) that
 * loads the schema and zod only when the form is first validated. Validation runs on submit, so a page
 * shows without zod in its first load. A failed load is retried at the next submit.
 */
export function schemaResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<unknown, Values>>,
): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | undefined
  return async (values, context, options) => {
    resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<Values>,
    )
    try {
      return await (
        await resolver
      )(values, context, options)
    } catch (error) {
      resolver = undefined
      throw error
    }
  }
}
