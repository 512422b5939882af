import { apiClient } from '../../lib/api-client.ts'
import { saveFile } from '../../lib/save-file.ts'

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
