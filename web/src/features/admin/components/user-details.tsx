import type { AdminUser, UpdateUserRequest } from '@app/contracts/auth'
import type { AccessibleProfile } from '@app/contracts/profiles'
import { DISC_TYPES, type DiscScores } from '@app/domain/disc'
import { formatDiscScore, measuredDiscScores } from '@app/domain/profile-scores'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { ProfileScores } from '../../../components/profile/profile-scores.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FormAlert,
  FormField,
  inputClasses,
  labelClasses,
} from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useUser } from '../api/get-user.ts'
import { useUpdateUser } from '../api/update-user.ts'
import { serverMessage } from '../import-errors.ts'
import { isGuest } from '@app/domain/roles'
import { inviterOf } from '../user-directory.ts'
import { DeleteUserPanel } from './delete-user-panel.tsx'
import { DeactivatedBadge, RoleBadge } from './role-badge.tsx'

/** The detail panel of the selected user: loaded on selection, and again after every save. */
export function UserDetails({
  userId,
  profile,
  onCancel,
}: {
  userId: number
  profile: AccessibleProfile | null
  onCancel: () => void
}) {
  const details = useUser(userId)
  const { toast } = useToast()
  const update = useUpdateUser()
  // The save lives here rather than in the form, which is replaced when the saved details arrive.
  function save(changes: UpdateUserRequest) {
    update.mutate(
      { id: userId, ...changes },
      {
        onSuccess: () => toast({ title: 'Success', description: 'User details updated successfully' }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: serverMessage(error) ?? 'Failed to update user details',
            variant: 'destructive',
          }),
      },
    )
  }
  if (details.isPending) return <p className="p-5 text-sm text-slate-600">Loading user details...</p>
  if (details.isError)
    return (
      <div className="space-y-3 p-5">
        <FormAlert>Failed to fetch user details</FormAlert>
        <button
          type="button"
          onClick={() => void details.refetch()}
          className={buttonClasses('secondary', 'sm')}
        >
          Try again
        </button>
      </div>
    )
  // A fresh form for each version of the user: after a save the reloaded details clear the password field.
  return (
    <>
      <UserEditForm
        key={`${details.data.id}:${details.data.updatedAt}`}
        user={details.data}
        profile={profile}
        onCancel={onCancel}
        onSave={save}
        saving={update.isPending}
      />
      <DeleteUserPanel key={details.data.id} user={details.data} onDeleted={onCancel} />
    </>
  )
}

function formatDate(value: string | undefined): string {
  if (!value) return 'Unknown'
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString()
}

type EditValues = { email: string; password: string }

function UserEditForm({
  user,
  profile,
  onCancel,
  onSave,
  saving,
}: {
  user: AdminUser
  profile: AccessibleProfile | null
  onCancel: () => void
  onSave: (changes: UpdateUserRequest) => void
  saving: boolean
}) {
  const headingId = useId()
  const { toast } = useToast()
  const { register, handleSubmit } = useForm<EditValues>({
    defaultValues: { email: user.email, password: '' },
  })
  const guest = isGuest(user.role)

  function submit({ email, password }: EditValues) {
    if (guest || saving) return
    const newEmail = email.trim()
    const emailChanged = newEmail !== user.email
    if (!emailChanged && password === '') {
      toast({ title: 'No Changes', description: 'No changes were made to save' })
      return
    }
    // The e-mail is the username too (docs/requirements.md section 5); a blank password keeps the current one.
    onSave({
      ...(emailChanged ? { email: newEmail, username: newEmail } : {}),
      ...(password !== '' ? { password } : {}),
    })
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-labelledby={headingId} className="space-y-5 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.name || user.username}
        </h2>
        <RoleBadge role={user.role} />
        <DeactivatedBadge active={user.active} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        <dt className="font-medium text-slate-600">User ID</dt>
        <dd className="text-slate-900 tabular-nums">{user.id}</dd>
        <dt className="font-medium text-slate-600">Username</dt>
        <dd className="break-all text-slate-900">{user.username}</dd>
        {guest && (
          <>
            <dt className="font-medium text-slate-600">Invited by</dt>
            <dd className="break-all text-slate-900">{inviterOf(user) ?? 'Unknown'}</dd>
            <dt className="font-medium text-slate-600">Date invited</dt>
            <dd className="text-slate-900">{formatDate(user.dateInvited)}</dd>
          </>
        )}
      </dl>
      <FormField
        id={`${headingId}-email`}
        label="Email"
        hint={
          guest ? "A guest's credentials cannot be edited." : 'Changing the e-mail also changes the username.'
        }
      >
        {(control) => (
          <input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="off"
            readOnly={guest}
            className={`${inputClasses} read-only:bg-slate-50`}
          />
        )}
      </FormField>
      {guest ? (
        <GuestPassword user={user} />
      ) : (
        <FormField
          id={`${headingId}-password`}
          label="New Password"
          hint="Leave blank to keep the current password. A new one must be changed by the user at the next login."
        >
          {(control) => (
            <input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="new-password"
              className={inputClasses}
            />
          )}
        </FormField>
      )}
      <UserProfileResult profile={profile} />
      {!guest && (
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onCancel} className={buttonClasses('secondary')}>
            Cancel
          </button>
          <button type="submit" disabled={saving} className={buttonClasses('primary')}>
            {saving && <ButtonSpinner />}
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      )}
    </form>
  )
}

/** A guest's derived default password, shown read-only only while it still opens the account (decision 3). */
function GuestPassword({ user }: { user: AdminUser }) {
  const id = useId()
  const defaultPassword = user.defaultPassword
  if (defaultPassword == null)
    return (
      <div>
        <p className={labelClasses}>Password</p>
        <p className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
          The password of this guest is not the one derived from their name, so it is not shown.
        </p>
      </div>
    )
  return (
    <FormField
      id={id}
      label="Default Password"
      hint="Shown while it still opens the account; ask the guest to change it."
    >
      {(control) => (
        <input
          {...control}
          type="text"
          readOnly
          value={defaultPassword}
          className={`font-mono ${inputClasses} bg-slate-50`}
        />
      )}
    </FormField>
  )
}

/** The user's profile with the same numbers as every other screen: DISC scores, or the Prevue result. */
function UserProfileResult({ profile }: { profile: AccessibleProfile | null }) {
  const headingId = useId()
  const measured = profile ? measuredDiscScores(profile) : null
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {profile?.assessmentType === 'prevue' ? 'Prevue Profile' : 'DISC Profile'}
      </h3>
      {profile === null ? (
        <p className="mt-2 text-sm text-slate-600">No profile yet.</p>
      ) : (
        <div className="mt-3 space-y-3">
          {measured ? <CompactDiscBars scores={measured} /> : <ProfileScores profile={profile} />}
          {measured && profile.primaryType && (
            <p className="text-sm text-slate-800">
              Primary type: <span className="font-semibold text-slate-900">{profile.primaryType}</span>
            </p>
          )}
        </div>
      )}
    </section>
  )
}

/** The four measured scores in the panel's narrow column, each as every screen shows it (formatDiscScore). */
function CompactDiscBars({ scores }: { scores: DiscScores }) {
  return (
    <ul className="space-y-2">
      {DISC_TYPES.map((type) => (
        <li key={type} className="flex items-center gap-3 text-sm">
          <span className="w-4 font-semibold text-slate-900">{type}</span>
          <span
            aria-hidden="true"
            className="h-2 flex-1 overflow-hidden rounded-full bg-white ring-1 ring-slate-200"
          >
            <span className="block h-full bg-indigo-600" style={{ width: `${scores[type]}%` }} />
          </span>
          <span className="w-10 text-right text-slate-800 tabular-nums">{formatDiscScore(scores[type])}</span>
        </li>
      ))}
    </ul>
  )
}
