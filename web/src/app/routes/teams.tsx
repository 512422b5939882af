import { PRODUCT_NAME } from '../../config/product.ts'
import { TeamsPage } from '../../features/teams/components/teams-page.tsx'

export function TeamsRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>{`Teams · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Teams</h1>
      <p className="mt-2 text-sm text-slate-600">
        Choose people to see the styles they bring, the blind spots they share and what to do about them. Save
        a team to come back to it.
      </p>
      <div className="mt-8">
        <TeamsPage />
      </div>
    </div>
  )
}
