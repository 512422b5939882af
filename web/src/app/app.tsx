import { BrowserRouter } from 'react-router-dom'
import { AppServicesProvider } from '../lib/app-services.tsx'
import { queryClient } from '../lib/query-client.ts'
import { AppErrorBoundary } from './app-error-boundary.tsx'
import { AppProvider } from './provider.tsx'
import { AppRoutes } from './router.tsx'
import { routerServices } from './router-services.ts'

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppServicesProvider value={routerServices}>
          <AppErrorBoundary>
            <AppRoutes />
          </AppErrorBoundary>
        </AppServicesProvider>
      </BrowserRouter>
    </AppProvider>
  )
}
