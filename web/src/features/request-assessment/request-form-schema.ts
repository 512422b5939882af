import { z } from 'zod'

export const MISSING_FIELDS = 'Please fill in all required fields'

/** Name, e-mail and message are required; the form names them together in one message. */
export const AssessmentRequestFormSchema = z
  .object({ name: z.string(), email: z.string(), company: z.string(), message: z.string() })
  .superRefine((value, context) => {
    for (const field of ['name', 'email', 'message'] as const) {
      if (!value[field].trim()) context.addIssue({ code: 'custom', path: [field], message: MISSING_FIELDS })
    }
  })
