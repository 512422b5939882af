import { useEffect } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { onFirstInteraction } from './first-interaction.ts'

export type LazySchemaResolver<Values extends FieldValues> = Resolver<Values> & {
  /** Starts loading the schema and zod; a failed load is retried at the next call. */
  preload: () => void
}

/**
 * A react-hook-form resolver for a zod schema (the contract's, with the form's own rules and messages) that
 * loads the schema and zod only when asked: by `useSchemaPreload` at the first interaction with the page, or
 * at the first validation. A page therefore paints without zod, and its messages are ready by the time it is submitted.
 */
export function schemaResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<unknown, Values>>,
): LazySchemaResolver<Values> {
  let resolver: Promise<Resolver<Values>> | undefined
  const load = () => {
    resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<Values>,
    )
    return resolver
  }
  const resolve: Resolver<Values> = async (values, context, options) => {
    try {
      return await (
        await load()
      )(values, context, options)
    } catch (error) {
      resolver = undefined
      throw error
    }
  }
  const preload = () => {
    load().catch(() => {
      resolver = undefined // the first submit tries again and reports the failure
    })
  }
  return Object.assign(resolve, { preload })
}

/**
 * Loads a form's validation at the visitor's first interaction with the page, so that it is in place before
 * the first submit without being part of the page's first load. A submit before that loads it itself.
 */
export function useSchemaPreload(resolver: { preload: () => void }): void {
  useEffect(() => onFirstInteraction(() => resolver.preload()), [resolver])
}
