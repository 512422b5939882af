import { Spinner } from '../../components/ui/spinner.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { useMe } from '../../features/auth/api/get-me.ts'
import { ShareProfilePage } from '../../features/sharing/components/share-profile-page.tsx'

export function ShareProfileRoute() {
  const me = useMe()
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Share Profiles · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Share Profiles</h1>
      <p className="mt-2 text-sm text-slate-600">
        Invite people to view your personality profile, and manage who can see it.
      </p>
      <div className="mt-8">
        {me.data ? <ShareProfilePage role={me.data.role} /> : <Spinner label="Loading" />}
      </div>
    </div>
  )
}
