import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { preloadFirstPage } from './app/router.tsx'
import { getMeQueryOptions } from './features/auth/api/get-me.ts'
import { watchSessionEnd } from './features/auth/session-ended.ts'
import { queryClient } from './lib/query-client.ts'
import './index.css'

// The session check and the first page's code started before this module ran (app/first-page.ts); the
// query and the page take them up here rather than from inside the first render.
watchSessionEnd(queryClient)
watchAccessOnceSignedIn()
void queryClient.prefetchQuery(getMeQueryOptions())
preloadFirstPage(window.location.pathname)

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
    void import('./lib/access-refresh.ts').then(({ watchAccessChanges }) => watchAccessChanges(queryClient))
  }
  const unsubscribe = queryClient.getQueryCache().subscribe(start)
  start()
}

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render into')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
