import type { api } from '@app/contracts/api'
import type { z } from 'zod'

/**
 * The web app's view of the public API catalog, as types only: every call names a catalog path, and its
 * body, parameters and answer follow from that row, so a renamed or reshaped route fails the typecheck.
 * Nothing here reaches the bundle (docs/decisions/049-web-calls-typed-from-the-catalog.md).
 */
type Route = (typeof api)[keyof typeof api]

export type ApiMethod = Route['method']

/** Every catalog path answered to `Method`, parameters still as `:name`. */
export type ApiPath<Method extends ApiMethod> = Extract<Route, { method: Method }>['path']

type RouteAt<Method, Path> = Extract<Route, { method: Method; path: Path }>

type SuccessSchema<Responses> = Responses extends { 200: infer Schema }
  ? Schema
  : Responses extends { 201: infer Schema }
    ? Schema
    : never

/** What the route answers on success, as its catalog schema reads it. */
export type ApiAnswer<Method extends ApiMethod, Path extends string> =
  SuccessSchema<RouteAt<Method, Path>['responses']> extends infer Schema extends z.ZodType
    ? z.output<Schema>
    : undefined

/** What the route accepts as its JSON body (`undefined` for a route without one). */
export type ApiBody<Method extends ApiMethod, Path extends string> =
  RouteAt<Method, Path> extends { body: infer Schema extends z.ZodType } ? z.input<Schema> : undefined

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

/** The values that fill a path's `:name` segments, typed by the route's params schema where it has one. */
export type ApiParams<Method extends ApiMethod, Path extends string> = [ParamNames<Path>] extends [never]
  ? undefined
  : RouteAt<Method, Path> extends { params: infer Schema extends z.ZodType }
    ? z.output<Schema>
    : Record<ParamNames<Path>, string | number>

/** A query field the server coerces (`z.coerce`) takes the value it coerces to. */
type Coerced<Input, Output> = {
  [Key in keyof Input]?: unknown extends Input[Key]
    ? Key extends keyof Output
      ? Output[Key]
      : never
    : Exclude<Input[Key], undefined>
}

/** The route's query string fields (`undefined` for a route without one). */
export type ApiQuery<Method extends ApiMethod, Path extends string> =
  RouteAt<Method, Path> extends { querystring: infer Schema extends z.ZodType }
    ? Coerced<z.input<Schema>, z.output<Schema>>
    : undefined
