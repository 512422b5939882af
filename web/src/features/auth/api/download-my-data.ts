import { apiClient } from '../../../lib/api-client.ts'
import { saveFile } from '../../../lib/save-file.ts'

/**
 * Downloads everything the product holds about the signed-in user as one zip (docs/decisions/060-download-my-data.md).
 * A refusal (an account being deleted) arrives as the usual ApiError with the server's message.
 */
export async function downloadMyData(): Promise<void> {
  const file = await apiClient.getFile('/api/account/export', {
    headers: { Accept: 'application/zip, application/json' },
  })
  saveFile(file, 'my-data.zip')
}
