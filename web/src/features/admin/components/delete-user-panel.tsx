import type { AdminUser } from '@app/contracts/auth'
import { useId, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useDeleteUser } from '../api/delete-user.ts'
import { serverMessage } from '../import-errors.ts'

/** The Delete button of the user edit panel, with a confirmation that says what goes. */
export function DeleteUserPanel({ user, onDeleted }: { user: AdminUser; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const deletion = useDeleteUser()
  const { toast } = useToast()
  const headingId = useId()
  const name = user.name || user.username

  function confirm() {
    deletion.mutate(user.id, {
      onSuccess: () => {
        toast({ title: 'User Deleted', description: `${name} and everything the account held were deleted` })
        onDeleted()
      },
      onError: (error) =>
        toast({
          title: 'Delete Failed',
          description: serverMessage(error) ?? 'Failed to delete the user',
          variant: 'destructive',
        }),
    })
  }

  if (!confirming)
    return (
      <div className="flex justify-end px-5 pb-5">
        <button type="button" onClick={() => setConfirming(true)} className={buttonClasses('danger')}>
          Delete User
        </button>
      </div>
    )
  return (
    <section
      aria-labelledby={headingId}
      className="mx-5 mb-5 rounded-xl bg-red-50 p-4 text-sm text-red-950 ring-1 ring-red-200"
    >
      <h3 id={headingId} className="font-semibold">
        Delete {name}?
      </h3>
      <p className="mt-1">
        The account, its profiles and its invitations are deleted; everyone it shared with loses access at
        once, and its sessions end. This cannot be undone.
      </p>
      <div className="mt-3 flex justify-end gap-3">
        <button type="button" onClick={() => setConfirming(false)} className={buttonClasses('secondary')}>
          Cancel
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={deletion.isPending}
          className={buttonClasses('danger')}
        >
          {deletion.isPending && <ButtonSpinner />}
          {deletion.isPending ? 'Deleting...' : 'Delete Permanently'}
        </button>
      </div>
    </section>
  )
}
