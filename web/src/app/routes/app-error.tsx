import { buttonClasses } from '../../components/ui/button-styles.ts'

/** Shown when a page fails to render or its code cannot be loaded (for example after a deployment). */
export function AppErrorRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        The page could not be shown. Reloading usually fixes this; if it does not, please try again later.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={`mt-6 ${buttonClasses('primary')}`}
      >
        Reload the page
      </button>
    </main>
  )
}
