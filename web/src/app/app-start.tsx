import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { getMeQueryOptions } from '../features/auth/api/get-me.ts'
import { watchSessionEnd } from '../features/auth/session-ended.ts'
import type { CurrentUser } from '../lib/current-user.ts'
import { queryClient } from '../lib/query-client.ts'
import { App } from './app.tsx'
import { rootElement } from './root-element.ts'
import { preloadFirstPage } from './router.tsx'

/**
 * Starts the app in `root` (a new one, or the sign-in page's, which hands over at its first navigation).
 * `signedIn`, from that page, is who signed in there, so the app need not ask again.
 */
export function startApp(root?: Root, signedIn?: CurrentUser): void {
  // The session check and the first page's code started before this module ran (app/first-page.ts); the
  // query and the page take them up here rather than from inside the first render.
  watchSessionEnd(queryClient)
  watchAccessOnceSignedIn()
  if (signedIn) queryClient.setQueryData(getMeQueryOptions().queryKey, signedIn)
  else void queryClient.prefetchQuery(getMeQueryOptions())
  preloadFirstPage(window.location.pathname)
  ;(root ?? createRoot(rootElement())).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

/**
 * Open pages follow revoked access (lib/access-refresh.ts) once someone is signed in; a signed-out page such
 * as /login never loads that code, which keeps it within its script budget (decision 009).
 */
function watchAccessOnceSignedIn(): void {
  const { queryKey } = getMeQueryOptions()
  let started = false
  const start = () => {
    if (started || !queryClient.getQueryData(queryKey)) return
    started = true
    unsubscribe()
    void import('../lib/access-refresh.ts').then(({ watchAccessChanges }) => watchAccessChanges(queryClient))
  }
  const unsubscribe = queryClient.getQueryCache().subscribe(start)
  start()
}
