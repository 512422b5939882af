import { paths } from '@app/domain/spa-routes'
import { textLinkClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { useInitialPassword } from '../api/get-initial-password.ts'

/**
 * The owner's login details on their card. The derived password is shown only while it still opens the
 * account (the server checks), together with a prompt to replace it (decision 033).
 */
export function OwnerCredentials() {
  const credentials = useInitialPassword({ enabled: true })
  if (credentials.isPending) {
    return <p className="text-sm text-slate-600">Loading your login details...</p>
  }
  if (credentials.isError) {
    return <p className="text-sm text-slate-600">Your login details could not be loaded just now.</p>
  }
  const { username, initialPassword } = credentials.data
  return (
    <section
      aria-labelledby="owner-credentials-title"
      className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id="owner-credentials-title" className="text-sm font-semibold text-slate-900">
        Your login details
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Username</dt>
        <dd className="font-medium break-all text-slate-900">{username}</dd>
        {initialPassword !== null && (
          <>
            <dt className="text-slate-600">Initial password</dt>
            <dd>
              <code className="rounded bg-white px-1.5 py-0.5 font-mono text-slate-900 ring-1 ring-slate-200">
                {initialPassword}
              </code>
            </dd>
          </>
        )}
      </dl>
      {initialPassword !== null && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
            <path
              fillRule="evenodd"
              d="M8.5 3.5a1.7 1.7 0 0 1 3 0l6 10.5A1.7 1.7 0 0 1 16 16.5H4a1.7 1.7 0 0 1-1.5-2.5l6-10.5ZM10 7a.75.75 0 0 1 .75.75v3a.75.75 0 0 1-1.5 0v-3A.75.75 0 0 1 10 7Zm0 7a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          <span>
            This password is derived from your name, so others could guess it.{' '}
            <Link to={paths.changePassword} className={textLinkClasses}>
              Change your password
            </Link>{' '}
            to keep your profile private.
          </span>
        </p>
      )}
    </section>
  )
}
