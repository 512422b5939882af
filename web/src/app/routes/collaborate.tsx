import { SAVING_ROLES } from '@app/domain/roles'
import { PRODUCT_NAME } from '../../config/product.ts'
import { useMe } from '../../features/auth/api/get-me.ts'
import { CollaboratePage } from '../../features/collaborate/components/collaborate-page.tsx'
import { displayName } from '../../lib/display-name.ts'

export function CollaborateRoute() {
  const me = useMe()
  const user = me.data ?? null
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>{`Collaborate · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Collaborate</h1>
      <p className="mt-2 text-sm text-slate-600">
        Pick two people to see how they can communicate, decide and work well together.
      </p>
      <div className="mt-8">
        <CollaboratePage
          me={
            user
              ? {
                  id: user.id,
                  name: displayName(user),
                  mayReportTeam: (SAVING_ROLES as readonly string[]).includes(user.role),
                }
              : null
          }
        />
      </div>
    </div>
  )
}
