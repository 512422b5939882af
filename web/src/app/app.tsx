import { BrowserRouter } from 'react-router-dom'
import { queryClient } from '../lib/query-client.ts'
import { AppErrorBoundary } from './app-error-boundary.tsx'
import { AppProvider } from './provider.tsx'
import { AppRoutes } from './router.tsx'

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppErrorBoundary>
          <AppRoutes />
        </AppErrorBoundary>
      </BrowserRouter>
    </AppProvider>
  )
}
