import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useHref, useLinkClickHandler, useLocation, useNavigate } from 'react-router-dom'
import { getMeQueryOptions, useMe } from '../features/auth/api/get-me.ts'
import type { AppServices } from '../lib/app-services.tsx'
import type { CurrentUser } from '../lib/current-user.ts'

/** The app's answers to what the shared frame and the sign-in page ask (lib/app-services.tsx). */
export const routerServices: AppServices = {
  useLocation,
  useNavigate,
  useLinkBehaviour(to, { replace, target }) {
    return { href: useHref(to), onClick: useLinkClickHandler<HTMLAnchorElement>(to, { replace, target }) }
  },
  useSession: useMe,
  useAfterSignIn() {
    const queryClient = useQueryClient()
    // The current user is read again, so that the guards see the role of whoever signed in.
    return useCallback(
      async (_user: CurrentUser) => {
        await queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey })
      },
      [queryClient],
    )
  },
}
