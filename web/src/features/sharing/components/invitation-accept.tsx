import type { InvitationDetails } from '@app/contracts/sharing'
import { SHARING_MESSAGES } from '@app/contracts/sharing-values'
import { MIN_PASSWORD_LENGTH } from '@app/domain/passwords'
import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormAlert, FormField, inputClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { StatusPanel } from '../../../components/ui/status-panel.tsx'
import { PRODUCT_NAME } from '../../../config/product.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useAcceptInvitation } from '../api/accept-invitation.ts'
import { useInvitationDetails } from '../api/get-invitation-details.ts'
import type { AcceptInvitationFormValues } from '../form-schemas.ts'

export const REDIRECT_AFTER_ACCEPT_MS = 1000
export const DETAILS_FAILED = 'An error occurred while processing your invitation.'
export const ACCEPT_FAILED = 'Failed to accept invitation.'
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.'

const resolver = schemaResolver<AcceptInvitationFormValues>(
  async () => (await import('../form-schemas.ts')).AcceptInvitationFormSchema,
)

/** Only a same-site path is followed after accepting; anything else goes to My Profile. */
function safeRedirect(target: string): string {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : paths.history
}

/** Whoever is signed in in this browser, and the way to sign them out. */
export type SignedInVisitor = { name: string; email: string; logOut: () => void; loggingOut: boolean }

/**
 * The invitation link's page: who it is for and who sent it, then accepting. A visitor signed in as the
 * invitee accepts without a password; one signed in as someone else is told so and offered to log out
 * first, so that nobody is switched to another account unawares; anyone else chooses a password (or gives
 * their account's).
 */
export function InvitationAccept({ token, signedIn }: { token: string; signedIn: SignedInVisitor | null }) {
  const signedInEmail = signedIn?.email || null
  const details = useInvitationDetails(token)
  const [redirectTo, setRedirectTo] = useState<string | null>(null)
  const [fatal, setFatal] = useState<string | null>(null)

  if (redirectTo !== null) return <Accepted redirectTo={redirectTo} />
  if (fatal !== null) return <InvitationError message={fatal} />
  if (!token) return <InvitationError message={SHARING_MESSAGES.invalidInvitation} />
  if (details.isPending) return <Spinner label="Loading invitation" showLabel />
  if (details.isError) {
    const error = details.error
    return (
      <InvitationError
        message={
          error instanceof ApiError
            ? error.status === 404
              ? (error.serverMessage ?? SHARING_MESSAGES.invalidInvitation)
              : DETAILS_FAILED
            : DETAILS_FAILED
        }
      />
    )
  }
  const signedInAsInvitee =
    signedInEmail !== null && signedInEmail.trim().toLowerCase() === details.data.inviteeEmail.toLowerCase()
  if (signedIn && !signedInAsInvitee)
    return <SignedInAsSomeoneElse details={details.data} signedIn={signedIn} />
  return (
    <AcceptCard
      token={token}
      details={details.data}
      needsPassword={!signedInAsInvitee}
      onAccepted={setRedirectTo}
      onDeadLink={setFatal}
    />
  )
}

function AcceptCard({
  token,
  details,
  needsPassword,
  onAccepted,
  onDeadLink,
}: {
  token: string
  details: InvitationDetails
  needsPassword: boolean
  onAccepted: (redirectTo: string) => void
  onDeadLink: (message: string) => void
}) {
  const accept = useAcceptInvitation()
  const [failure, setFailure] = useState<string | null>(null)
  const failureId = useId()
  const { register, handleSubmit, formState } = useForm<AcceptInvitationFormValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  })
  useSchemaPreload(resolver)

  function send(password: string | undefined) {
    setFailure(null)
    accept.mutate(
      { token, password },
      {
        onSuccess: ({ redirectTo }) => onAccepted(safeRedirect(redirectTo || paths.history)),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) {
            onDeadLink(error.serverMessage ?? SHARING_MESSAGES.invalidInvitation)
          } else if (error instanceof ApiError) {
            setFailure(error.serverMessage ?? ACCEPT_FAILED)
          } else {
            setFailure(UNEXPECTED_ERROR)
          }
        },
      },
    )
  }

  const button = (
    <button
      type="submit"
      disabled={accept.isPending}
      aria-describedby={failure ? failureId : undefined}
      className={`w-full ${buttonClasses('primary', 'lg')}`}
    >
      {accept.isPending && <ButtonSpinner />}
      {accept.isPending ? 'Accepting...' : 'Accept & Create Account'}
    </button>
  )

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-16">
      <title>{`Accept Invitation · ${PRODUCT_NAME}`}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">You have been invited</h1>
        <p className="mt-2 text-sm text-slate-600">
          {details.ownerName} invited you to view {details.profileOwnerName}&apos;s personality profile.
        </p>
        <dl className="mt-6 space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
          <div>
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="text-slate-900">{details.inviteeName}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="break-all text-slate-900">{details.inviteeEmail}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Invited by</dt>
            <dd className="text-slate-900">{details.ownerName}</dd>
          </div>
        </dl>
        {needsPassword ? (
          <form
            onSubmit={(event) => void handleSubmit(({ password }) => send(password))(event)}
            noValidate
            className="mt-6 space-y-5"
          >
            <p className="text-sm text-slate-600">
              Choose a password for your account; your e-mail address is your username. If you already have an
              account, enter its password. You will be signed in when you accept.
            </p>
            <FormField
              id="invite-password"
              label="Password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              error={formState.errors.password?.message}
            >
              {(control) => (
                <input
                  {...register('password')}
                  {...control}
                  type="password"
                  autoComplete="new-password"
                  aria-required="true"
                  className={inputClasses}
                />
              )}
            </FormField>
            <FormField
              id="invite-confirm-password"
              label="Confirm Password"
              error={formState.errors.confirmPassword?.message}
            >
              {(control) => (
                <input
                  {...register('confirmPassword')}
                  {...control}
                  type="password"
                  autoComplete="new-password"
                  aria-required="true"
                  className={inputClasses}
                />
              )}
            </FormField>
            {failure && <FormAlert id={failureId}>{failure}</FormAlert>}
            {button}
          </form>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault()
              send(undefined)
            }}
            className="mt-6 space-y-5"
          >
            <p className="text-sm text-slate-600">
              You are signed in as {details.inviteeEmail}. Accept to add this profile to your account.
            </p>
            {failure && <FormAlert id={failureId}>{failure}</FormAlert>}
            {button}
          </form>
        )}
      </div>
    </div>
  )
}

function SignedInAsSomeoneElse({
  details,
  signedIn,
}: {
  details: InvitationDetails
  signedIn: SignedInVisitor
}) {
  return (
    <StatusPanel
      tone="info"
      icon="envelope"
      title="This invitation is for someone else"
      documentTitle="Accept Invitation"
    >
      <p className="mt-2 text-sm text-slate-600">
        {details.ownerName} invited {details.inviteeName} ({details.inviteeEmail}) to view{' '}
        {details.profileOwnerName}&apos;s personality profile.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        You are signed in as <strong className="font-semibold text-slate-900">{signedIn.name}</strong>
        {signedIn.email && signedIn.name !== signedIn.email ? ` (${signedIn.email})` : ''}. Log out first to
        accept this invitation as {details.inviteeName}.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button
          type="button"
          onClick={signedIn.logOut}
          disabled={signedIn.loggingOut}
          className={buttonClasses('primary')}
        >
          {signedIn.loggingOut && <ButtonSpinner />}
          {signedIn.loggingOut ? 'Logging out...' : 'Log out'}
        </button>
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Stay signed in
        </Link>
      </div>
    </StatusPanel>
  )
}

function Accepted({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), REDIRECT_AFTER_ACCEPT_MS)
    return () => clearTimeout(timer)
  }, [navigate, redirectTo])
  return (
    <StatusPanel tone="success" icon="check" title="Invitation Accepted">
      <p role="status" className="mt-2 text-sm text-slate-600">
        You are signed in. Taking you to the shared profile...
      </p>
    </StatusPanel>
  )
}

function InvitationError({ message }: { message: string }) {
  return (
    <StatusPanel tone="error" icon="warning" title="Invitation Error">
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <Link to={paths.login} className={`mt-8 ${buttonClasses('primary')}`}>
        Go to Login
      </Link>
    </StatusPanel>
  )
}
