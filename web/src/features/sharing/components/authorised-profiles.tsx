import type { AccessibleProfile } from '@app/contracts/profiles'
import type { Role } from '@app/domain/roles'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { LoadError } from '../../../components/ui/load-error.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useCreateInvitation } from '../api/create-invitation.ts'
import { useSharedProfiles } from '../api/get-shared-profiles.ts'
import { sharedByText } from '../../../lib/shared-by.ts'
import type { ForwardInvitationFormValues } from '../form-schemas.ts'
import { errorCode, serverMessage } from '../error-body.ts'
import { validationToast } from './create-invitation-form.tsx'
import { InviteeFields } from './invitee-fields.tsx'
import { LOAD_FAILED_TEXT } from './shared-with-you.tsx'

const resolver = schemaResolver<ForwardInvitationFormValues>(
  async () => (await import('../form-schemas.ts')).ForwardInvitationFormSchema,
)

/** The server's answers meaning the grant the forward relies on is gone (revoked, or never there). */
const GRANT_MISSING = new Set(['SHARING_PROFILE_NOT_SHARED', 'SHARING_INVITATION_NOT_FOUND'])

/** Whether the user may forward this profile: guest owners forward what is shared with them; others only
 * what they were given with 'View and share'. */
function forwardable(role: Role, profile: AccessibleProfile): boolean {
  return role === 'guest_owner' || profile.mayForward === true
}

/**
 * Profiles shared with the user, and the form that forwards one of them: for guest owners, and for anyone
 * invited with 'View and share' to a profile (a standard user keeps that right).
 */
export function AuthorisedProfiles({ role }: { role: Role }) {
  const profiles = useSharedProfiles({ enabled: true })
  const [selected, setSelected] = useState<AccessibleProfile | null>(null)
  const mayForwardAny = (profiles.data ?? []).some((profile) => forwardable(role, profile))

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section
        aria-labelledby="shared-profiles-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="shared-profiles-heading" className="text-lg font-semibold text-slate-900">
          Profiles shared with you
        </h2>
        {profiles.isPending ? (
          <Spinner label="Loading shared profiles" />
        ) : profiles.isError ? (
          <LoadError
            message={LOAD_FAILED_TEXT}
            onRetry={() => void profiles.refetch()}
            retrying={profiles.isFetching}
          />
        ) : profiles.data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No one has shared a profile with you yet.</p>
        ) : (
          <ul aria-labelledby="shared-profiles-heading" className="mt-3 space-y-2">
            {profiles.data.map((profile) => {
              const isSelected = selected?.id === profile.id
              return (
                <li key={profile.id}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    onClick={() => setSelected(profile)}
                    className={`w-full rounded-lg border p-3 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                      isSelected
                        ? 'border-indigo-600 bg-indigo-50'
                        : 'border-slate-200 bg-white hover:bg-slate-50'
                    }`}
                  >
                    <span className="block font-medium text-slate-900">{profile.name}</span>
                    {profile.sharedBy && (
                      <span className="block text-slate-600">{sharedByText(profile)}</span>
                    )}
                    {role !== 'guest_owner' && profile.mayForward && (
                      <span className="block text-indigo-800">You may share this profile on</span>
                    )}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="forward-access-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="forward-access-heading" className="text-lg font-semibold text-slate-900">
          Forward Access
        </h2>
        {role === 'guest_owner' || mayForwardAny ? (
          <ForwardForm
            selected={selected && forwardable(role, selected) ? selected : null}
            onClearSelection={() => setSelected(null)}
          />
        ) : role === 'guest_standard' ? (
          <p className="mt-3 text-sm text-slate-600">
            Only guest owners can forward access to profiles shared with them. Your access lets you view these
            profiles.
          </p>
        ) : (
          <p className="mt-3 text-sm text-slate-600">
            Forwarding is for guest owners. To share your own profile, use the My Profile tab.
          </p>
        )}
      </section>
    </div>
  )
}

function ForwardForm({
  selected,
  onClearSelection,
}: {
  selected: AccessibleProfile | null
  onClearSelection: () => void
}) {
  const createInvitation = useCreateInvitation()
  const { toast } = useToast()
  const { register, handleSubmit, formState, reset } = useForm<ForwardInvitationFormValues>({
    resolver,
    defaultValues: { inviteeName: '', inviteeEmail: '' },
  })
  useSchemaPreload(resolver)

  function submit(values: ForwardInvitationFormValues) {
    if (!selected) {
      toast({ title: 'Missing information', description: 'Select a profile first.', variant: 'destructive' })
      return
    }
    createInvitation.mutate(
      {
        inviteeName: values.inviteeName?.trim() ?? '',
        inviteeEmail: values.inviteeEmail?.trim() ?? '',
        originalOwnerId: selected.userId,
      },
      {
        onSuccess: () => {
          toast({ title: 'Success!', description: 'Profile access successfully shared' })
          reset()
        },
        onError: (error) =>
          toast(
            GRANT_MISSING.has(errorCode(error) ?? '')
              ? {
                  title: 'Could not find the invitation for this profile',
                  description: serverMessage(error) ?? undefined,
                  variant: 'destructive',
                }
              : {
                  title: 'Failed to share profile',
                  description: serverMessage(error) ?? undefined,
                  variant: 'destructive',
                },
          ),
      },
    )
  }

  return (
    <form
      aria-labelledby="forward-access-heading"
      onSubmit={(event) => void handleSubmit(submit, (errors) => toast(validationToast(errors)))(event)}
      noValidate
      className="mt-3 space-y-5"
    >
      {selected ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-indigo-50 p-3 text-sm">
          <p className="text-indigo-900">
            Forwarding <strong>{selected.name}</strong>&apos;s profile (view only)
          </p>
          <button type="button" onClick={onClearSelection} className={buttonClasses('secondary', 'sm')}>
            Change selection
          </button>
        </div>
      ) : (
        <p id="forward-select-first" className="text-sm text-slate-600">
          Select a profile from the list to forward access to it. The person you invite can view the profile
          only.
        </p>
      )}
      <fieldset disabled={!selected} className="space-y-5 disabled:opacity-60">
        <legend className="sr-only">Recipient</legend>
        <InviteeFields
          idPrefix="forward"
          labels={{ name: 'Recipient name', email: 'Recipient email' }}
          name={register('inviteeName')}
          email={register('inviteeEmail')}
          errors={{
            name: formState.errors.inviteeName?.message,
            email: formState.errors.inviteeEmail?.message,
          }}
        />
        <button type="submit" disabled={createInvitation.isPending} className={buttonClasses('primary')}>
          {createInvitation.isPending && <ButtonSpinner />}
          {createInvitation.isPending ? 'Sharing...' : 'Forward Access'}
        </button>
      </fieldset>
    </form>
  )
}
