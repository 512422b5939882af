import { DEFAULT_INVITEE_ROLE, SHARING_MESSAGES } from '@app/contracts/sharing-values'
import { paths } from '@app/domain/spa-routes'
import { useForm, type FieldErrors } from 'react-hook-form'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, labelClasses, textLinkClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { InviteeFields } from './invitee-fields.tsx'
import { useToast, type ToastInput } from '../../../components/ui/toast.tsx'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useCreateInvitation } from '../api/create-invitation.ts'
import { useOwnedProfileCount } from '../api/get-owned-profile-count.ts'
import type { CreateInvitationFormValues } from '../form-schemas.ts'
import { serverMessage } from '../error-body.ts'

const resolver = schemaResolver<CreateInvitationFormValues>(
  async () => (await import('../form-schemas.ts')).CreateInvitationFormSchema,
)

export const CREATE_FAILED_FALLBACK = 'An error occurred while creating the invitation.'

/** The spec's toast for a form refused before sending: a missing field first, else the e-mail. */
export function validationToast(errors: FieldErrors): ToastInput {
  const messages = Object.values(errors).map((error) => error?.message)
  return messages.includes(SHARING_MESSAGES.missingInformation)
    ? {
        title: SHARING_MESSAGES.missingInformation,
        description: 'Please fill in the name and e-mail address.',
        variant: 'destructive',
      }
    : {
        title: SHARING_MESSAGES.invalidEmail,
        description: 'Please enter a valid e-mail address.',
        variant: 'destructive',
      }
}

const roleChoices = [
  { value: 'guest_standard', label: 'View only', hint: 'They can view your profile.' },
  {
    value: 'guest_owner',
    label: 'View and share',
    hint: 'They can view your profile and share it on, also if they already have an account.',
  },
] as const

/**
 * Invites someone to the signed-in user's own profile, with the role they get. Without a profile of their
 * own there is nothing to share, so the page says so instead of the form (the server refuses it too).
 */
export function CreateInvitationForm() {
  const owned = useOwnedProfileCount()
  if (owned.isPending) return <Spinner label="Checking your profile" />
  if (owned.data === 0) return <NothingToShare />
  return <InvitationForm />
}

function NothingToShare() {
  return (
    <section aria-labelledby="create-invitation-heading">
      <h2 id="create-invitation-heading" className="text-lg font-semibold text-slate-900">
        Invite someone to your profile
      </h2>
      <p className="mt-2 text-sm text-slate-700">{SHARING_MESSAGES.noProfileToShare}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to={paths.assessment} className={textLinkClasses}>
          Take an assessment
        </Link>
        <Link to={paths.scores} className={textLinkClasses}>
          Enter DISC scores
        </Link>
      </p>
    </section>
  )
}

function InvitationForm() {
  const createInvitation = useCreateInvitation()
  const { toast } = useToast()
  const { register, handleSubmit, formState, reset } = useForm<CreateInvitationFormValues>({
    resolver,
    defaultValues: { inviteeName: '', inviteeEmail: '', inviteeRole: DEFAULT_INVITEE_ROLE },
  })
  useSchemaPreload(resolver)

  function submit(values: CreateInvitationFormValues) {
    createInvitation.mutate(
      {
        inviteeName: values.inviteeName?.trim() ?? '',
        inviteeEmail: values.inviteeEmail?.trim() ?? '',
        inviteeRole: values.inviteeRole ?? DEFAULT_INVITEE_ROLE,
      },
      {
        onSuccess: (invitation) => {
          toast({
            title: 'Invitation created!',
            description: `An invitation was sent to ${invitation.inviteeEmail}.`,
          })
          reset()
        },
        onError: (error) =>
          toast({
            title: 'Failed to create invitation',
            description: serverMessage(error) ?? CREATE_FAILED_FALLBACK,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form
      aria-labelledby="create-invitation-heading"
      onSubmit={(event) => void handleSubmit(submit, (errors) => toast(validationToast(errors)))(event)}
      noValidate
      className="space-y-5"
    >
      <h2 id="create-invitation-heading" className="text-lg font-semibold text-slate-900">
        Invite someone to your profile
      </h2>
      <InviteeFields
        idPrefix="invitee"
        labels={{ name: 'Name', email: 'Email' }}
        name={register('inviteeName')}
        email={register('inviteeEmail')}
        errors={{
          name: formState.errors.inviteeName?.message,
          email: formState.errors.inviteeEmail?.message,
        }}
      />
      <fieldset>
        <legend className={labelClasses}>Access</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {roleChoices.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
            >
              <input
                {...register('inviteeRole')}
                type="radio"
                value={choice.value}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{choice.label}</span>
                <span className="block text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" disabled={createInvitation.isPending} className={buttonClasses('primary')}>
        {createInvitation.isPending && <ButtonSpinner />}
        {createInvitation.isPending ? 'Creating...' : 'Create Invitation'}
      </button>
    </form>
  )
}
