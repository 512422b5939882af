import type { ApiFile } from './api-client.ts'

/** Hands a downloaded file to the browser as a download, under the server's name for it or the fallback. */
export function saveFile({ blob, fileName }: ApiFile, fallbackName: string) {
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
