import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react'

export const TOAST_DURATION_MS = 5000

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' }
type ActiveToast = ToastInput & { id: number }
type ToastApi = { toast: (toast: ToastInput) => void; dismiss: () => void }

const ToastContext = createContext<ToastApi | null>(null)

/**
 * The single visible toast: the spec allows at most one at a time, so a new one replaces the old. It is
 * held outside React so that it stays on screen when the sign-in page's first load hands over to the app
 * (app/sign-in-shell.tsx), as a login's greeting does while the page moves on.
 */
let shown: ActiveToast | null = null
let nextId = 1
const listeners = new Set<() => void>()
function show(toast: ActiveToast | null) {
  shown = toast
  for (const listener of listeners) listener()
}
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, () => shown)
  const toast = useCallback((input: ToastInput) => show({ ...input, id: nextId++ }), [])
  const dismiss = useCallback(() => show(null), [])

  useEffect(() => {
    if (current === null) return
    const timer = setTimeout(() => show(null), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [current])

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
      >
        {current && <Toast key={current.id} toast={current} onClose={dismiss} />}
      </section>
    </ToastContext.Provider>
  )
}

function Toast({ toast, onClose }: { toast: ActiveToast; onClose: () => void }) {
  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      className={`toast-enter pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${
        destructive ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900'
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && (
          <p className={`mt-1 text-sm ${destructive ? 'text-red-800' : 'text-slate-600'}`}>
            {toast.description}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close notification"
        className={`-m-1 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2 ${
          destructive
            ? 'text-red-700 hover:bg-red-100 focus-visible:outline-red-700'
            : 'text-slate-500 hover:bg-slate-100 focus-visible:outline-indigo-600'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  // eslint-disable-next-line security/detect-possible-timing-attacks -- a context check, not a secret comparison
  if (api === null) throw new Error('useToast must be used inside a ToastProvider')
  return api
}
