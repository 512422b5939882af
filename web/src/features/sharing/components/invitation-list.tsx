import type { Invitation } from '@app/contracts/sharing'
import { useEffect, useRef, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useInvitations } from '../api/get-invitations.ts'
import { useRevokeInvitation } from '../api/revoke-invitation.ts'
import { formatWhen, GUEST_ROLE_LABELS } from '../display-formats.ts'
import { serverMessage } from '../error-body.ts'

export const COPIED_INDICATOR_MS = 3000

/** The invitations the user sent (forwards included), each with its status, link copy and revoke. */
export function InvitationList() {
  const invitations = useInvitations()
  const [revoking, setRevoking] = useState<Invitation | null>(null)

  return (
    <section aria-labelledby="active-invitations-heading">
      <h2 id="active-invitations-heading" className="text-lg font-semibold text-slate-900">
        Active Invitations
      </h2>
      {invitations.isPending ? (
        <Spinner label="Loading invitations" />
      ) : invitations.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          We could not load your invitations. Please try again in a moment.
        </p>
      ) : invitations.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">You have not invited anyone yet.</p>
      ) : (
        <ul
          aria-labelledby="active-invitations-heading"
          tabIndex={0}
          className="mt-3 max-h-96 space-y-3 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {invitations.data.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <RevokeDialog invitation={revoking} onClose={() => setRevoking(null)} />
    </section>
  )
}

function InvitationItem({
  invitation,
  onRevoke,
}: {
  invitation: Invitation
  onRevoke: (invitation: Invitation) => void
}) {
  const { toast } = useToast()
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      toast({ title: 'Link copied!', description: 'The invitation link is on your clipboard.' })
    } catch {
      toast({
        title: 'Failed to copy',
        description: 'Your browser did not allow copying the link.',
        variant: 'destructive',
      })
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{invitation.inviteeName}</p>
          <p className="break-all text-sm text-slate-600">{invitation.inviteeEmail}</p>
          <p className="mt-1 text-xs text-slate-600">
            {GUEST_ROLE_LABELS[invitation.inviteeRole]} · sent {formatWhen(invitation.created)}
            {invitation.sharedVia && <> · {invitation.sharedVia.ownerName}&apos;s profile</>}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
            invitation.accepted ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {invitation.accepted ? 'Active' : 'Pending'}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {invitation.link && (
          <button
            type="button"
            onClick={() => void copyLink(invitation.link!)}
            aria-label={`${copied ? 'Link copied' : 'Copy link'} for ${invitation.inviteeName}`}
            className={buttonClasses('secondary', 'sm')}
          >
            {copied ? 'Copied!' : 'Copy Link'}
          </button>
        )}
        <button
          type="button"
          onClick={() => onRevoke(invitation)}
          aria-label={`Revoke access for ${invitation.inviteeName}`}
          className={`${buttonClasses('secondary', 'sm')} text-red-700`}
        >
          Revoke
        </button>
      </div>
    </li>
  )
}

/** A modal confirm (the native dialog: focus kept inside, Escape closes) before anything is revoked. */
function RevokeDialog({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const revoke = useRevokeInvitation()
  const { toast } = useToast()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (invitation && !element.open) element.showModal()
    if (!invitation && element.open) element.close()
  }, [invitation])

  function confirm() {
    if (!invitation) return
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        toast({
          title: 'Access Revoked',
          description: `${invitation.inviteeName} and anyone they shared the profile with no longer have access.`,
        })
        onClose()
      },
      onError: (error) => {
        toast(
          error instanceof ApiError
            ? {
                title: 'Failed to revoke access',
                description: serverMessage(error) ?? 'Failed to revoke access',
                variant: 'destructive',
              }
            : { title: 'An error occurred while revoking access', variant: 'destructive' },
        )
        onClose()
      },
    })
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="revoke-dialog-title"
      aria-describedby="revoke-dialog-description"
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      {invitation && (
        <>
          <h2 id="revoke-dialog-title" className="text-lg font-semibold text-slate-900">
            Revoke access for {invitation.inviteeName}?
          </h2>
          <p id="revoke-dialog-description" className="mt-2 text-sm text-slate-600">
            {invitation.inviteeName} ({invitation.inviteeEmail}) will no longer see the profile. Revoking also
            revokes access for anyone the profile was shared on to.
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" onClick={onClose} className={buttonClasses('secondary')}>
              Cancel
            </button>
            <button
              type="button"
              onClick={confirm}
              disabled={revoke.isPending}
              className={`${buttonClasses('primary')} bg-red-700 hover:bg-red-800`}
            >
              {revoke.isPending ? 'Revoking...' : 'Revoke Access'}
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}
