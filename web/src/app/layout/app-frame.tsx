import type { ReactNode } from 'react'
import { AppFooter } from './app-footer.tsx'
import { AppHeader } from './app-header.tsx'

/** Every page's frame: the skip link, the header, the page in `main`, and the footer. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="group/layout flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to main content
      </a>
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <AppFooter />
    </div>
  )
}
