import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { preloadFirstPage } from './app/router.tsx'
import { getMeQueryOptions } from './features/auth/api/get-me.ts'
import { watchSessionEnd } from './features/auth/session-ended.ts'
import { watchAccessChanges } from './lib/access-refresh.ts'
import { queryClient } from './lib/query-client.ts'
import './index.css'

// The session check and the first page's code start now, together, rather than one after the other from
// inside the first render.
watchSessionEnd(queryClient)
watchAccessChanges(queryClient)
void queryClient.prefetchQuery(getMeQueryOptions())
preloadFirstPage(window.location.pathname)

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render into')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
