import type { QueryClient } from '@tanstack/react-query'
import { onAccessRefused } from './api-client.ts'
import { invalidateEndpoints, PROFILE_READS, SHARING_READS } from './query-refresh.ts'

/** Answers that follow what the user may see: profile lists and searches, and sharing's lists. */
const ACCESS_READS = [...PROFILE_READS, ...SHARING_READS]

/** A busy user reads their lists again at most this often; a 403 or a return to the tab reads them at once. */
export const INTERACTION_REFRESH_MS = 30_000

/**
 * Keeps open pages from showing a profile whose access was revoked elsewhere (docs/decisions/027-guests-have-
 * a-home.md). The query client keeps the spec's defaults (no refetch on focus, never stale); instead the
 * answers that can change with access are invalidated when an answer says access changed (any 403), when
 * the tab becomes visible again, and on the next click or key press once INTERACTION_REFRESH_MS have passed.
 * Returns the function that stops watching.
 */
export function watchAccessChanges(queryClient: QueryClient, now: () => number = Date.now): () => void {
  let refreshedAt = now()
  const refresh = () => {
    refreshedAt = now()
    void invalidateEndpoints(queryClient, ACCESS_READS)
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh()
  }
  const onInteraction = () => {
    if (now() - refreshedAt >= INTERACTION_REFRESH_MS) refresh()
  }
  onAccessRefused(refresh)
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('pointerdown', onInteraction, { capture: true, passive: true })
  window.addEventListener('keydown', onInteraction, { capture: true, passive: true })
  return () => {
    onAccessRefused(null)
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('pointerdown', onInteraction, { capture: true })
    window.removeEventListener('keydown', onInteraction, { capture: true })
  }
}
