import { useId, useState } from 'react'
import { buttonClasses } from '../ui/button-styles.ts'
import { ApiError } from '../../lib/api-client.ts'
import { downloadProfileReport } from './download-profile-report.ts'

const FAILED = 'The report could not be downloaded. Please try again.'

function messageOf(error: unknown, failed: string): string {
  return (error instanceof ApiError && error.serverMessage) || failed
}

/**
 * "Download report" for a profile the caller sees: a real button (keyboard and screen readers), busy while
 * the server builds the PDF, and the server's own words when it refuses.
 */
export function DownloadReportButton({ profileId, name }: { profileId: number; name: string }) {
  return (
    <DownloadButton
      accessibleName={`Download report for ${name}`}
      busyText={`Preparing the report for ${name}`}
      download={() => downloadProfileReport(profileId, `profile-${profileId}-report.pdf`)}
    />
  )
}

/**
 * The same button for any file the server builds (a report, the data export): its accessible name, what it
 * says while busy (on screen and to screen readers), how it downloads, and what it says when that fails
 * without the server's own words.
 */
export function DownloadButton({
  accessibleName,
  busyText,
  download: fetchFile,
  label = 'Download report',
  busyLabel = 'Preparing report…',
  failed = FAILED,
}: {
  accessibleName: string
  busyText: string
  download: () => Promise<void>
  label?: string
  busyLabel?: string
  failed?: string
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()

  async function download() {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      await fetchFile()
    } catch (caught) {
      setError(messageOf(caught, failed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col items-start gap-1.5">
      <button
        type="button"
        className={buttonClasses('secondary', 'sm')}
        onClick={() => void download()}
        aria-busy={busy}
        aria-describedby={error ? errorId : undefined}
        aria-label={accessibleName}
      >
        {busy && (
          <span
            aria-hidden="true"
            className="size-3.5 animate-spin rounded-full border-2 border-slate-200 border-t-slate-600 motion-reduce:animate-[spin_1.5s_linear_infinite]"
          />
        )}
        {busy ? busyLabel : label}
      </button>
      <span role="status" className="sr-only">
        {busy ? busyText : ''}
      </span>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
