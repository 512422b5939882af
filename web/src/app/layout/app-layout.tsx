import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Spinner } from '../../components/ui/spinner.tsx'
import { AppFrame } from './app-frame.tsx'

export function AppLayout() {
  return (
    <AppFrame>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  )
}
