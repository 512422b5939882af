import { CreateInvitationRequestSchema, SHARING_MESSAGES } from '@app/contracts/sharing'
import { isInvitationEmail } from '@app/domain/email'
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@app/domain/passwords'
import { z } from 'zod'

/**
 * The sharing forms' schemas: the contract's request with the spec's rules and messages (section 5).
 * Forms load this module with zod at their first validation (see `schemaResolver`).
 */

export const PASSWORDS_DO_NOT_MATCH = "Passwords don't match"

function checkInvitee(value: { inviteeName?: string; inviteeEmail?: string }, context: z.RefinementCtx) {
  const name = value.inviteeName?.trim() ?? ''
  const email = value.inviteeEmail?.trim() ?? ''
  if (!name)
    context.addIssue({ code: 'custom', path: ['inviteeName'], message: SHARING_MESSAGES.missingInformation })
  if (!email)
    context.addIssue({ code: 'custom', path: ['inviteeEmail'], message: SHARING_MESSAGES.missingInformation })
  else if (!isInvitationEmail(email))
    context.addIssue({ code: 'custom', path: ['inviteeEmail'], message: SHARING_MESSAGES.invalidEmail })
}

export const CreateInvitationFormSchema = CreateInvitationRequestSchema.omit({
  originalOwnerId: true,
}).superRefine(checkInvitee)

/** A forward is always guest_standard; the server decides the role, so the form sends none. */
export const ForwardInvitationFormSchema = CreateInvitationRequestSchema.pick({
  inviteeName: true,
  inviteeEmail: true,
}).superRefine(checkInvitee)

export const AcceptInvitationFormSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((value, context) => {
    if (value.password.length < MIN_PASSWORD_LENGTH)
      context.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_TOO_SHORT })
    if (value.confirmPassword !== value.password)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH })
  })

export type CreateInvitationFormValues = z.input<typeof CreateInvitationFormSchema>
export type ForwardInvitationFormValues = z.input<typeof ForwardInvitationFormSchema>
export type AcceptInvitationFormValues = z.input<typeof AcceptInvitationFormSchema>
