import { useId } from 'react'
import { DownloadButton } from '../../../components/reports/download-report-button.tsx'
import { downloadMyData } from '../api/download-my-data.ts'

/**
 * "Download my data": a copy of everything the product holds about the signed-in user, as one zip
 * (docs/decisions/060-download-my-data.md), through the same button as the reports.
 */
export function DownloadMyData() {
  const headingId = useId()
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
      <DownloadButton
        accessibleName="Download my data"
        label="Download my data"
        busyLabel="Preparing your data…"
        busyText="Preparing your data"
        download={downloadMyData}
        failed="Your data could not be downloaded. Please try again."
      />
    </section>
  )
}
