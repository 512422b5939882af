import { useParams } from 'react-router-dom'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useToast } from '../../components/ui/toast.tsx'
import { displayName } from '../../lib/display-name.ts'
import { useMe } from '../../features/auth/api/get-me.ts'
import { logoutFailureMessage, useLogout } from '../../features/auth/api/logout.ts'
import { InvitationAccept } from '../../features/sharing/components/invitation-accept.tsx'

export function InviteRoute() {
  const token = useParams().token?.trim() ?? ''
  const me = useMe()
  const logout = useLogout()
  const { toast } = useToast()
  // Who is signed in decides whether a password is asked for, so the page waits for the answer.
  if (me.isPending) return <Spinner label="Loading invitation" showLabel />
  const user = me.data ?? null
  const signedIn = user && {
    name: displayName(user),
    email: user.email ?? '',
    loggingOut: logout.isPending,
    // The page stays: signed out, it asks for the invitee's password.
    logOut: () =>
      logout.mutate(undefined, {
        onSuccess: () => toast({ title: 'You have been logged out successfully' }),
        onError: (error) =>
          toast({ title: 'Logout Error', description: logoutFailureMessage(error), variant: 'destructive' }),
      }),
  }
  // A different link opened in the same tab starts over instead of keeping the last link's outcome.
  return <InvitationAccept key={token} token={token} signedIn={signedIn} />
}
