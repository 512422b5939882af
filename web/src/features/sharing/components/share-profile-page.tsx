import type { Role } from '@app/domain/roles'
import { useRef, useState, type KeyboardEvent } from 'react'
import { AccessHistory } from './access-history.tsx'
import { AuthorisedProfiles } from './authorised-profiles.tsx'
import { CreateInvitationForm } from './create-invitation-form.tsx'
import { InvitationList } from './invitation-list.tsx'

const tabs = [
  { id: 'my-profile', label: 'My Profile' },
  { id: 'authorised-profiles', label: 'Authorised Profiles' },
] as const
type TabId = (typeof tabs)[number]['id']

/** The Share Profiles page body: the two tabs and the help block. */
export function ShareProfilePage({ role }: { role: Role }) {
  const [active, setActive] = useState<TabId>('my-profile')
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({})

  // The tabs pattern: arrow keys move between tabs, and the chosen one is the only tab stop.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null
    if (next === null) return
    event.preventDefault()
    const id = tabs[next]!.id
    setActive(id)
    tabRefs.current[id]?.focus()
  }

  return (
    <div className="space-y-8">
      <div>
        <div
          role="tablist"
          aria-label="Sharing"
          onKeyDown={onKeyDown}
          className="inline-flex rounded-xl bg-slate-100 p-1"
        >
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[tab.id] = element
              }}
              type="button"
              role="tab"
              id={`${tab.id}-tab`}
              aria-selected={active === tab.id}
              aria-controls={`${tab.id}-panel`}
              tabIndex={active === tab.id ? 0 : -1}
              onClick={() => setActive(tab.id)}
              className={`rounded-lg px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                active === tab.id
                  ? 'bg-white text-indigo-700 shadow-sm'
                  : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id="my-profile-panel"
          aria-labelledby="my-profile-tab"
          hidden={active !== 'my-profile'}
          className="mt-6"
        >
          {active === 'my-profile' && <MyProfileTab role={role} />}
        </div>
        <div
          role="tabpanel"
          id="authorised-profiles-panel"
          aria-labelledby="authorised-profiles-tab"
          hidden={active !== 'authorised-profiles'}
          className="mt-6"
        >
          {active === 'authorised-profiles' && <AuthorisedProfiles role={role} />}
        </div>
      </div>
      <HowItWorks />
    </div>
  )
}

function MyProfileTab({ role }: { role: Role }) {
  if (role === 'guest_standard') return <LimitedAccess />
  const ownsProfile = role === 'administrator' || role === 'standard'
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

function HowItWorks() {
  return (
    <section
      aria-labelledby="how-it-works-heading"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 id="how-it-works-heading" className="text-lg font-semibold text-slate-900">
        How It Works
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>Invite someone by name and e-mail; they receive a link that is valid for 14 days.</li>
        <li>
          Choose their access: <strong>view only</strong>, or <strong>view and share</strong> to let them
          forward your profile to others (who can then view it only).
        </li>
        <li>When they accept, an account is created for them and they see your profile under My Profile.</li>
        <li>
          Revoke an invitation at any time: access ends at once for them and for everyone they shared the
          profile on to.
        </li>
      </ol>
    </section>
  )
}
