import { isGuest } from '@app/domain/roles'
import type { AccessibleProfile } from '@app/contracts/profiles'
import { ASK_ABOUT_OWNER_PARAM, mayOpen, paths } from '@app/domain/spa-routes'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PRODUCT_NAME } from '../../config/product.ts'
import { AskAssistant } from '../../features/advice/components/ask-assistant.tsx'
import { ProfileFinder } from '../../features/advice/components/profile-finder.tsx'
import { ownSearchName } from '../../features/advice/search-name.ts'
import { useMe } from '../../features/auth/api/get-me.ts'
import { QuickQuestions } from '../../features/questions/components/quick-questions.tsx'
import { useSharedProfiles } from '../../features/sharing/api/get-shared-profiles.ts'
import { SharedWithYou } from '../../features/sharing/components/shared-with-you.tsx'

/** A profile chosen on the page rather than searched for; `pick` tells two choices of one profile apart. */
type Chosen = { profile: AccessibleProfile; pick: number }

function ownerParam(value: string | null): number | null {
  const owner = Number(value)
  return Number.isSafeInteger(owner) && owner > 0 ? owner : null
}

/**
 * The Ask page (`/` and `/ask-ai`): what was shared with the user, then find a profile and ask the assistant
 * about it. A standard user's own name is searched on arrival. A guest owns no profile, so their page opens
 * with the profile an invitation just shared (`?owner=`), or their only shared profile, already found
 * (docs/decisions/027-guests-have-a-home.md). The administrator also curates the quick questions here.
 */
export function AskRoute() {
  const me = useMe()
  const user = me.data ?? null
  const guest = user !== null && isGuest(user.role)
  const [searchParams] = useSearchParams()
  const awaitingOwner = ownerParam(searchParams.get(ASK_ABOUT_OWNER_PARAM))
  const [profile, setProfile] = useState<AccessibleProfile | null>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const assistant = useRef<HTMLDivElement>(null)
  const focusAssistant = useRef(false)
  useChooseOnArrival({
    awaitingOwner,
    guest,
    chosen,
    choose: (next) => setChosen({ profile: next, pick: 0 }),
  })

  function askAbout(next: AccessibleProfile) {
    focusAssistant.current = true
    setChosen((last) => ({ profile: next, pick: (last?.pick ?? 0) + 1 }))
  }

  // After "Ask about ...", the question box is where the user goes next (below the finder on a phone).
  useEffect(() => {
    if (!focusAssistant.current || !profile) return
    focusAssistant.current = false
    assistant.current?.scrollIntoView({ block: 'start' })
    assistant.current?.querySelector('textarea')?.focus({ preventScroll: true })
  }, [profile])

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>{`Profile Advice · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Profile Advice</h1>
      <p className="mt-2 text-sm text-slate-600">
        {guest
          ? 'Choose a profile shared with you, then ask for advice on working, learning or living with that person.'
          : 'Find a profile, then ask for advice on working, learning or living with that person.'}
      </p>
      <div className="mt-8">
        <SharedWithYou alwaysShown={guest} selectedId={profile?.id ?? null} onAsk={askAbout} />
      </div>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* The guard renders this page once the session is known, so the name is there at first render. */}
        <ProfileFinder
          key={chosen ? `chosen:${chosen.profile.id}:${chosen.pick}` : 'search'}
          initialName={user && !guest && awaitingOwner === null ? ownSearchName(user) : ''}
          initialProfile={chosen?.profile ?? null}
          fullProfileLink={user !== null && mayOpen(paths.history, user.role)}
          onProfileChange={setProfile}
        />
        <div ref={assistant} className="scroll-mt-4">
          <AskAssistant
            profile={profile}
            quickQuestions={(slot) => <QuickQuestions {...slot} canManage={user?.role === 'administrator'} />}
          />
        </div>
      </div>
    </div>
  )
}

/**
 * Chooses, once, the profile the page opens with: the newest of the owner an invitation just shared (as
 * soon as its grant is listed), else a guest's only shared profile.
 */
function useChooseOnArrival({
  awaitingOwner,
  guest,
  chosen,
  choose,
}: {
  awaitingOwner: number | null
  guest: boolean
  chosen: Chosen | null
  choose: (profile: AccessibleProfile) => void
}) {
  const shared = useSharedProfiles({ enabled: true, awaitingOwner })
  const done = useRef(false)
  const list = shared.data
  useEffect(() => {
    if (done.current || chosen || !list) return
    const fromInvitation = awaitingOwner === null ? undefined : list.find((p) => p.userId === awaitingOwner)
    const only = guest && awaitingOwner === null && list.length === 1 ? list[0] : undefined
    const first = fromInvitation ?? only
    if (!first) return
    done.current = true
    choose(first)
  }, [list, awaitingOwner, guest, chosen, choose])
}
