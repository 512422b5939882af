import { useCallback, useState } from 'react'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { useAppServices } from '../../../lib/app-services.tsx'
import { readCurrentUser, type CurrentUser } from '../../../lib/current-user.ts'
import { sessionEnded } from '../../../lib/session-state.ts'
import { storeUser } from '../../../lib/stored-user.ts'

type LoginInput = ApiBody<'POST', '/api/auth/login'>

/** Signs in and keeps the spec's local user record. */
export async function login(input: LoginInput): Promise<CurrentUser> {
  const user = readCurrentUser(await apiClient.post('/api/auth/login', input))
  sessionEnded.set(false)
  storeUser({
    id: user.id,
    username: user.username,
    ...(user.name ? { name: user.name } : {}),
    ...(user.firstName ? { firstName: user.firstName } : {}),
    ...(user.lastName ? { lastName: user.lastName } : {}),
  })
  return user
}

type Callbacks = { onSuccess: (user: CurrentUser) => void; onError: (error: unknown) => void }

/**
 * Signs in, then lets the app refresh the current user so that guards see the role. It keeps its own
 * pending state rather than TanStack Query's, because the sign-in page's first load runs without that
 * library (docs/decisions/065-first-pages-without-zod.md).
 */
export function useLogin() {
  const afterSignIn = useAppServices().useAfterSignIn()
  const [isPending, setPending] = useState(false)
  const mutate = useCallback(
    (input: LoginInput, { onSuccess, onError }: Callbacks) => {
      setPending(true)
      login(input)
        .then(async (user) => {
          await afterSignIn(user)
          return user
        })
        .then(
          (user) => {
            setPending(false)
            onSuccess(user)
          },
          (error: unknown) => {
            setPending(false)
            onError(error)
          },
        )
    },
    [afterSignIn],
  )
  return { isPending, mutate }
}
