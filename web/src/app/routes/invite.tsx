import { useParams } from 'react-router-dom'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useMe } from '../../features/auth/api/get-me.ts'
import { InvitationAccept } from '../../features/sharing/components/invitation-accept.tsx'

export function InviteRoute() {
  const token = useParams().token?.trim() ?? ''
  const me = useMe()
  // Who is signed in decides whether a password is asked for, so the page waits for the answer.
  if (me.isPending) return <Spinner label="Loading invitation" showLabel />
  // A different link opened in the same tab starts over instead of keeping the last link's outcome.
  return <InvitationAccept key={token} token={token} signedInEmail={me.data?.email || null} />
}
