import type { AccessibleProfile } from '@app/contracts/profiles'
import { useState } from 'react'
import { PRODUCT_NAME } from '../../config/product.ts'
import { AskAssistant } from '../../features/advice/components/ask-assistant.tsx'
import { ProfileFinder } from '../../features/advice/components/profile-finder.tsx'
import { ownSearchName } from '../../features/advice/search-name.ts'
import { useMe } from '../../features/auth/api/get-me.ts'
import { QuickQuestions } from '../../features/questions/components/quick-questions.tsx'

/**
 * The Ask page (`/` and `/ask-ai`): find a profile, then ask the assistant about it. The signed-in user's
 * own name is searched on arrival; the administrator also curates the quick questions here.
 */
export function AskRoute() {
  const me = useMe()
  const user = me.data ?? null
  const [profile, setProfile] = useState<AccessibleProfile | null>(null)
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>{`Profile Advice · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Profile Advice</h1>
      <p className="mt-2 text-sm text-slate-600">
        Find a profile, then ask for advice on working, learning or living with that person.
      </p>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* The guard renders this page once the session is known, so the name is there at first render. */}
        <ProfileFinder initialName={user ? ownSearchName(user) : ''} onProfileChange={setProfile} />
        <AskAssistant
          profile={profile}
          quickQuestions={(slot) => <QuickQuestions {...slot} canManage={user?.role === 'administrator'} />}
        />
      </div>
    </div>
  )
}
