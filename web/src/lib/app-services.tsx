import { createContext, useContext, type MouseEvent } from 'react'
import type { CurrentUser } from './current-user.ts'

export type PageLocation = { pathname: string; search: string; hash: string; state: unknown }
export type NavigateOptions = { replace?: boolean; state?: unknown }
export type LinkBehaviour = { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void }

/**
 * What the shared frame and the sign-in page ask of the app around them: where the page is, how to go
 * elsewhere, and who is signed in. The app answers with react-router and TanStack Query; the sign-in page's
 * own first load answers without either library and hands over to the app at its first navigation
 * (docs/decisions/065-first-pages-without-zod.md). Each member is a hook, fixed for the life of the page.
 */
export type AppServices = {
  useLocation: () => PageLocation
  useNavigate: () => (to: string, options?: NavigateOptions) => void
  useLinkBehaviour: (to: string, options: { replace?: boolean; target?: string }) => LinkBehaviour
  /** The session check: `data` is the user, null when signed out, undefined while it is asked. */
  useSession: () => { data: CurrentUser | null | undefined; isPending: boolean }
  /** What the app does once someone has signed in on this page, before the page moves on. */
  useAfterSignIn: () => (user: CurrentUser) => Promise<void>
}

const AppServicesContext = createContext<AppServices | null>(null)

export const AppServicesProvider = AppServicesContext.Provider

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext)
  if (services === null) throw new Error('useAppServices must be used inside an AppServicesProvider')
  return services
}
