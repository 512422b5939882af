import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
} from '@app/contracts/auth'
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@app/domain/passwords'
import { z } from 'zod'
import { isAccountEmail } from '@app/domain/email'

/**
 * The auth forms' schemas: each is the contract's request schema with the page's own rules and the spec's
 * messages. Forms load this module when they are first submitted (see `schemaResolver`).
 */

export const FIELDS_REQUIRED = 'Username and password are required'
export const INVALID_EMAIL = 'Please enter a valid email address'
export const PASSWORDS_DO_NOT_MATCH = "Passwords don't match"

/** Both fields are named in the one message the form shows, so each empty field is marked invalid. */
export const LoginFormSchema = LoginRequestSchema.superRefine((value, context) => {
  if (!value.username.trim())
    context.addIssue({ code: 'custom', path: ['username'], message: FIELDS_REQUIRED })
  if (!value.password) context.addIssue({ code: 'custom', path: ['password'], message: FIELDS_REQUIRED })
})

export const ForgotPasswordFormSchema = ForgotPasswordRequestSchema.superRefine((value, context) => {
  if (!isAccountEmail(value.email.trim()))
    context.addIssue({ code: 'custom', path: ['email'], message: INVALID_EMAIL })
})

/** The spec's rules for a new password (section 5), checked before anything is sent. */
function checkNewPassword(
  value: { newPassword: string; confirmPassword: string },
  context: z.RefinementCtx,
): void {
  if (value.newPassword.length < MIN_PASSWORD_LENGTH)
    context.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_TOO_SHORT })
  if (value.confirmPassword !== value.newPassword)
    context.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH })
}

export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string(),
}).superRefine((value, context) => {
  if (!value.currentPassword)
    context.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Required' })
  checkNewPassword(value, context)
})

export const ResetPasswordFormSchema = ResetPasswordRequestSchema.omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .superRefine(checkNewPassword)

export type LoginFormValues = z.input<typeof LoginFormSchema>
export type ForgotPasswordFormValues = z.input<typeof ForgotPasswordFormSchema>
export type ChangePasswordFormValues = z.input<typeof ChangePasswordFormSchema>
export type ResetPasswordFormValues = z.input<typeof ResetPasswordFormSchema>
