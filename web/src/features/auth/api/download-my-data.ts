import { apiClient } from '../../../lib/api-client.ts'

/**
 * Downloads everything the product holds about the signed-in user as one zip and hands it to the browser
 * (docs/decisions/060-download-my-data.md). A refusal (an account being deleted) arrives as the usual ApiError
 * with the server's message. The reports save files the same way; this copy keeps the account page from sharing
 * their module, which would split the first pages' scripts into more chunks (bench/README.md, initial JavaScript).
 */
export async function downloadMyData(): Promise<void> {
  const { blob, fileName } = await apiClient.getFile('/api/account/export', {
    headers: { Accept: 'application/zip, application/json' },
  })
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName ?? 'my-data.zip'
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Released after the click has handed the file over; a later tick keeps older browsers from cancelling it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}
