import { apiClient, type ApiFile } from '../../lib/api-client.ts'

/**
 * Fetches a profile's PDF report and hands it to the browser as a download (docs/decisions/057-profile-reports.md).
 * The server decides who may have it: a refusal arrives as the usual ApiError, never as a file.
 */
export async function downloadProfileReport(profileId: number, fallbackName: string): Promise<void> {
  saveFile(await apiClient.getFile('/api/profiles/:id/report', { params: { id: profileId } }), fallbackName)
}

/** The team report of these profiles (each one the caller may see), saved the same way. */
export async function downloadTeamReport(profileIds: readonly number[], name: string): Promise<void> {
  saveFile(
    await apiClient.postFile('/api/teams/report', { name, profileIds: [...profileIds] }),
    'team-report.pdf',
  )
}

function saveFile({ blob, fileName }: ApiFile, fallbackName: string) {
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName ?? fallbackName
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Released after the click has handed the file over; a later tick keeps older browsers from cancelling it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}
