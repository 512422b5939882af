import { canInvite, isGuest, type Role } from '@app/domain/roles'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'
import { onFirstInteraction } from '../../../lib/first-interaction.ts'
import { useAccessHistory } from '../api/get-access-history.ts'
import { useInvitations } from '../api/get-invitations.ts'
import { useOwnedProfileCount } from '../api/get-owned-profile-count.ts'
import { AccessHistory } from './access-history.tsx'
import { CreateInvitationForm } from './create-invitation-form.tsx'
import { InvitationList } from './invitation-list.tsx'

// The second tab is no part of the page's first load: its code loads at the first interaction with the page,
// or when the tab is opened (docs/decisions/065-first-pages-without-zod.md).
const loadAuthorisedProfiles = () => import('./authorised-profiles.tsx')
const AuthorisedProfiles = lazy(async () => ({
  default: (await loadAuthorisedProfiles()).AuthorisedProfiles,
}))

const tabs = [
  { id: 'my-profile', label: 'My Profile' },
  { id: 'authorised-profiles', label: 'Authorised Profiles' },
] as const
type TabId = (typeof tabs)[number]['id']

/** The Share Profiles page body: the two tabs and the help block. */
export function ShareProfilePage({ role }: { role: Role }) {
  const [active, setActive] = useState<TabId>('my-profile')
  useEffect(() => onFirstInteraction(() => void loadAuthorisedProfiles().catch(() => undefined)), [])
  return (
    <div className="space-y-8">
      <Tabs label="Sharing" tabs={tabs} active={active} onChange={setActive}>
        {active === 'my-profile' ? (
          <MyProfileTab role={role} />
        ) : (
          <Suspense fallback={<Spinner />}>
            <AuthorisedProfiles role={role} />
          </Suspense>
        )}
      </Tabs>
      <HowItWorks role={role} />
    </div>
  )
}

function MyProfileTab({ role }: { role: Role }) {
  if (!canInvite(role)) return <LimitedAccess />
  return <SharingCards ownsProfile={!isGuest(role)} />
}

/**
 * The tab's cards show together, once the reads they start with have answered: shown one by one, each card
 * that grew would push the ones below it down (a layout shift). The cards then read the same cached answers.
 */
function SharingCards({ ownsProfile }: { ownsProfile: boolean }) {
  const owned = useOwnedProfileCount()
  const invitations = useInvitations()
  const history = useAccessHistory({ enabled: ownsProfile })
  if (invitations.isPending || (ownsProfile && (owned.isPending || history.isPending)))
    return <Spinner label="Loading your sharing" />
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          {ownsProfile ? (
            <CreateInvitationForm />
          ) : (
            <>
              <h2 className="text-lg font-semibold text-slate-900">Share a profile</h2>
              <p className="mt-2 text-sm text-slate-600">
                As a guest owner you share by forwarding a profile that was shared with you: choose it under
                Authorised Profiles. The people you forward to can view the profile only.
              </p>
            </>
          )}
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <InvitationList />
        </div>
      </div>
      {ownsProfile && <AccessHistory />}
    </div>
  )
}

function LimitedAccess() {
  return (
    <section
      aria-labelledby="limited-access-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5"
    >
      <h2 id="limited-access-heading" className="text-lg font-semibold text-amber-900">
        Limited Access
      </h2>
      <p className="mt-2 text-sm text-amber-900">
        Your access lets you view the profiles shared with you, but not invite others. Only guest owners can
        forward access; ask the person who invited you if you need to share a profile.
      </p>
    </section>
  )
}

/** The help block, true for the role reading it: owners share their own profile, guest owners forward. */
function HowItWorks({ role }: { role: Role }) {
  return (
    // Hidden while the tab loads, as the footer is, so that it appears with the cards instead of moving.
    <section
      aria-labelledby="how-it-works-heading"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5 group-has-[[data-loading]]/layout:hidden"
    >
      <h2 id="how-it-works-heading" className="text-lg font-semibold text-slate-900">
        How It Works
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        {role === 'guest_owner' ? <ForwardingSteps /> : <SharingSteps />}
      </ol>
    </section>
  )
}

function SharingSteps() {
  return (
    <>
      <li>
        Invite someone by name and e-mail; they receive a link that is valid for 14 days. You need a profile
        of your own to share: take an assessment or enter your DISC scores first.
      </li>
      <li>
        Choose their access: <strong>view only</strong>, or <strong>view and share</strong> to let them
        forward your profile to others (who can then view it only).
      </li>
      <li>
        When they accept, with a new account or the one they already have, your profile appears under Shared
        with you on their Ask page, where they can ask about it. Everyone but view-only guests also finds it
        under My Profile.
      </li>
      <li>
        Revoke an invitation at any time: access ends at once for them and for everyone they shared the
        profile on to.
      </li>
    </>
  )
}

function ForwardingSteps() {
  return (
    <>
      <li>
        The profiles shared with you are listed under Shared with you on the Ask page, and under My Profile.
      </li>
      <li>
        To pass one on, choose it under Authorised Profiles and forward access by name and e-mail; they
        receive a link that is valid for 14 days and can view the profile only.
      </li>
      <li>When they accept, the profile appears under Shared with you on their Ask page.</li>
      <li>
        Revoke a forward at any time from your list of invitations: their access ends at once. If the owner
        revokes yours, theirs ends too.
      </li>
    </>
  )
}
