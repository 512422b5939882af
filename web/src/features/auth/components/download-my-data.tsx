import { useId, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { downloadMyData } from '../api/download-my-data.ts'

const FAILED = 'Your data could not be downloaded. Please try again.'

/**
 * "Download my data": a copy of everything the product holds about the signed-in user, as one zip. A real
 * button, busy while the server builds the archive, and the server's own words when it refuses.
 */
export function DownloadMyData() {
  const headingId = useId()
  const errorId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function download() {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      await downloadMyData()
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Download a copy of everything we hold about you: your account, your profiles with their answers, the
        invitations you sent and received, and who can see your profiles. It comes as a zip of JSON and CSV
        files.
      </p>
      <div className="flex flex-col items-start gap-1.5">
        <button
          type="button"
          className={buttonClasses('secondary', 'sm')}
          onClick={() => void download()}
          aria-busy={busy}
          aria-describedby={error ? errorId : undefined}
          // One name while busy too; the status below says what is happening.
          aria-label="Download my data"
        >
          {busy && (
            <span
              aria-hidden="true"
              className="size-3.5 animate-spin rounded-full border-2 border-slate-200 border-t-slate-600 motion-reduce:animate-[spin_1.5s_linear_infinite]"
            />
          )}
          {busy ? 'Preparing your data…' : 'Download my data'}
        </button>
        <span role="status" className="sr-only">
          {busy ? 'Preparing your data' : ''}
        </span>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </section>
  )
}
