import { decideRoute, paths } from '@app/domain/spa-routes'
import type { Role } from '@app/domain/roles'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Link } from '../../components/ui/link.tsx'
import { useToast } from '../../components/ui/toast.tsx'
import type { AccessDeniedState } from '../route-guard.tsx'

type NavigationItem = { label: string; to: string; activeOn: readonly string[] }

const navigation: readonly NavigationItem[] = [
  { label: 'Profile', to: paths.history, activeOn: [paths.history] },
  { label: 'Ask', to: paths.home, activeOn: [paths.home, paths.askAi] },
  { label: 'Collaborate', to: paths.collaborate, activeOn: [paths.collaborate] },
  { label: 'Share', to: paths.shareProfile, activeOn: [paths.shareProfile] },
  { label: 'Request', to: paths.requestAssessment, activeOn: [paths.requestAssessment] },
  { label: 'Import', to: paths.adminSimpleImport, activeOn: [paths.adminSimpleImport, paths.adminImport] },
  {
    label: 'Manage Users',
    to: paths.adminUserManagement,
    activeOn: [paths.adminUserManagement, paths.adminUsers],
  },
]

// A button shows only when the role may open its route, so the administrator-only ones follow the shared rule.
function visibleNavigation(role: Role): NavigationItem[] {
  return navigation.filter((item) => {
    const decision = decideRoute(item.to, role)
    return 'allow' in decision && decision.allow
  })
}

/**
 * The header's page buttons. On a wide screen they sit in the header's row; below `lg` a Menu button
 * discloses them in a panel under the header, so every button is one tap away on a phone. While the panel
 * is open, Tab stays inside it (the Menu button and the links), Escape closes it and returns focus to the
 * button, and following a link or pressing outside closes it.
 */
export function MainNavigation({ role, current }: { role: Role; current: string | null }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const container = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useAccessDeniedNotice()

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
    if (!open) return
    if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
      return
    }
    if (event.key !== 'Tab') return
    const focusable = [...(container.current?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])]
    const first = focusable[0]
    const last = focusable.at(-1)
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return (
    <div ref={container} onKeyDown={keepFocusInside} className="flex items-center lg:min-w-0 lg:flex-1">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 text-slate-500">
          {open ? (
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          ) : (
            <path
              fillRule="evenodd"
              d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
              clipRule="evenodd"
            />
          )}
        </svg>
        Menu
      </button>
      <nav
        id={panelId}
        aria-label="Main"
        className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white px-4 py-3 shadow-lg sm:px-6 lg:static lg:block lg:flex-1 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
      >
        <ul className="flex flex-col gap-1 lg:flex-row lg:flex-wrap">
          {visibleNavigation(role).map((item) => {
            const active = current !== null && item.activeOn.includes(current)
            return (
              <li key={item.to} className="lg:shrink-0">
                <Link
                  to={item.to}
                  onClick={() => setOpen(false)}
                  aria-current={active ? 'page' : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                    active
                      ? 'bg-indigo-50 text-indigo-700 ring-1 ring-indigo-200'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </div>
  )
}

/**
 * Says why the route guard turned a signed-in user away from an administrator's page (docs/requirements.md section 2),
 * once: the flag is then taken out of the history entry, so a reload does not say it again.
 */
function useAccessDeniedNotice() {
  const location = useLocation()
  const navigate = useNavigate()
  const { toast } = useToast()
  const state = location.state as (AccessDeniedState & Record<string, unknown>) | null
  useEffect(() => {
    if (!state?.accessDenied) return
    toast({
      title: 'Access Denied',
      description: "You don't have administrator access. This page is only accessible to administrators.",
      variant: 'destructive',
    })
    const { accessDenied: _shown, ...rest } = state
    void navigate(location, { replace: true, state: Object.keys(rest).length > 0 ? rest : null })
  }, [state, location, navigate, toast])
}
