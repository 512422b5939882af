import type { ResponseLength } from '@app/contracts/advice'
import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { formatPrevueSummary, prevueScoresOf } from '@app/domain/profile-scores'
import { useEffect, useId, useState } from 'react'
import { AssessmentBadge } from '../../../components/advice/assessment-badge.tsx'
import { adviceFailureToast } from '../../../components/advice/advice-failure.ts'
import { ProfileScores } from '../../../components/profile/profile-scores.tsx'
import { Conversation } from '../../../components/advice/conversation.tsx'
import { ResponseLengthToggle } from '../../../components/advice/response-length-toggle.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useOwnProfile } from '../api/lookup-profiles.ts'
import { useDiscCollaborationStream } from '../api/stream-disc-collaboration.ts'
import { profileLabel, type PickedProfile } from '../picked-profile.ts'
import { mapPosition } from '../../../lib/team-map-layout.ts'
import { ProfileCombobox } from './profile-combobox.tsx'
import { TeamMap, type PickTarget } from './team-map.tsx'
import { DownloadReportButton } from '../../../components/reports/download-report-button.tsx'

/** The spec's 8 relationship questions: the button text and the fuller question sent to the AI. */
export const RELATIONSHIP_QUESTIONS: ReadonlyArray<{ label: string; question: string }> = [
  {
    label: 'How should we communicate?',
    question:
      'How should we communicate with each other day to day, given our styles? What should each of us do more of, and what should we avoid?',
  },
  {
    label: 'Our complementary strengths?',
    question:
      'What complementary strengths do we bring when we work together, and how can we make the most of them?',
  },
  {
    label: 'Managing conflicts?',
    question:
      'Where are conflicts between us most likely to start, and how can we handle disagreements constructively?',
  },
  {
    label: 'Best way to collaborate?',
    question:
      'What is the best way for us to collaborate on shared work: planning, dividing tasks and checking in?',
  },
  {
    label: 'Decision-making approach?',
    question: 'How do our approaches to making decisions differ, and how should we make decisions together?',
  },
  {
    label: 'Giving/receiving feedback?',
    question: 'How should each of us give feedback to the other, and how is each of us likely to receive it?',
  },
  {
    label: 'Motivating each other?',
    question: 'What motivates each of us, and how can we keep each other motivated and engaged?',
  },
  {
    label: 'Work style compatibility?',
    question:
      'How compatible are our work styles, where will we need to adjust, and what should we agree on early?',
  },
]

export const SELECT_BOTH_PLACEHOLDER = 'Select Both Profiles to Begin'

/**
 * Collaborate: two searchable profile pickers (the user's own profile preselected as A), the team map,
 * and relationship insights about the pair, streamed.
 */
export function CollaboratePage({
  me,
}: {
  me: { id: number; name: string; mayReportTeam?: boolean } | null
}) {
  const insightsHeadingId = useId()
  const { toast } = useToast()
  const [profileA, setProfileA] = useState<PickedProfile | null>(null)
  const [profileB, setProfileB] = useState<PickedProfile | null>(null)
  const [chosenTarget, setChosenTarget] = useState<PickTarget | null>(null)
  const [responseLength, setResponseLength] = useState<ResponseLength>('long')
  const own = useOwnProfile(me)
  const { exchange, ask, clear } = useDiscCollaborationStream((error) => toast(adviceFailureToast(error)))

  // The own profile is preselected once, unless the user has already picked someone.
  const ownProfile = own.data ?? null
  useEffect(() => {
    if (ownProfile) setProfileA((current) => current ?? ownProfile)
  }, [ownProfile])

  // A new pair starts a new conversation.
  const pairKey = `${profileA?.id ?? ''}-${profileB?.id ?? ''}`
  useEffect(() => clear(), [pairKey, clear])

  const target: PickTarget = chosenTarget ?? (profileA ? 'B' : 'A')
  const busy = exchange?.status === 'streaming'

  function pick(profile: PickedProfile, as: PickTarget) {
    if (as === 'A') setProfileA(profile)
    else setProfileB(profile)
  }

  function askPair(question: string) {
    if (!profileA || !profileB) {
      toast({
        title: 'Missing profiles',
        description: 'Please select both profiles to compare',
        variant: 'destructive',
      })
      return
    }
    if (busy) return
    void ask({ myProfileId: profileA.id, theirProfileId: profileB.id, question, responseLength })
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        {(
          [
            ['Profile A', profileA, setProfileA],
            ['Profile B', profileB, setProfileB],
          ] as const
        ).map(([label, selected, setSelected]) => (
          <section
            key={label}
            aria-label={label}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <ProfileCombobox label={label} selected={selected} onSelect={setSelected} />
            {selected && <SelectedProfile profile={selected} />}
          </section>
        ))}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section
          aria-labelledby={insightsHeadingId}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id={insightsHeadingId} className="text-lg font-semibold text-slate-900">
            Relationship Insights
          </h2>
          <div className="mt-4 flex flex-col gap-4">
            <ResponseLengthToggle value={responseLength} onChange={setResponseLength} />
            <ul className="grid gap-2 sm:grid-cols-2">
              {RELATIONSHIP_QUESTIONS.map((item) => (
                <li key={item.label} className="flex">
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => askPair(item.question)}
                    className="w-full rounded-lg bg-white px-3 py-2 text-left text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    {item.label}
                  </button>
                </li>
              ))}
            </ul>
            <Conversation
              exchange={exchange}
              placeholder={
                profileA && profileB
                  ? `Choose a question above to see how ${profileLabel(profileA)} and ${profileLabel(profileB)} can work well together`
                  : SELECT_BOTH_PLACEHOLDER
              }
              onFollowUp={askPair}
            />
          </div>
        </section>

        <TeamMap
          selectedA={profileA}
          selectedB={profileB}
          target={target}
          onTargetChange={setChosenTarget}
          onPick={pick}
          mayReportTeam={me?.mayReportTeam ?? false}
        />
      </div>
    </div>
  )
}

function SelectedProfile({ profile }: { profile: PickedProfile }) {
  const titleId = useId()
  const prevue = prevueScoresOf(profile)
  const position = mapPosition(profile)
  return (
    <article aria-labelledby={titleId} className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {profileLabel(profile)}
        </h2>
        <AssessmentBadge type={profile.assessmentType} />
      </div>
      {prevue ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{formatPrevueSummary(prevue)}</p>
          {position && (
            <p className="mt-1 text-sm text-slate-700">
              For pair insights, a DISC style derived from the Prevue result:{' '}
              <span className="font-medium">{DISC_STYLE_NAMES[position.primaryType]} (derived)</span>
            </p>
          )}
        </>
      ) : (
        profile.primaryType && (
          <p className="mt-1 text-sm font-medium text-slate-700">Type {profile.primaryType}</p>
        )
      )}
      <div className="mt-3">
        <ProfileScores profile={profile} />
      </div>
      <div className="mt-3">
        <DownloadReportButton profileId={profile.id} name={profileLabel(profile)} />
      </div>
    </article>
  )
}
