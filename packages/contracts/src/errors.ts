import { z } from 'zod'

/** Every error answer: `{ message, code }` (docs/architecture.md, Code layout). */
export const ErrorBodySchema = z.object({ message: z.string(), code: z.string() })
export type ErrorBody = z.infer<typeof ErrorBodySchema>
