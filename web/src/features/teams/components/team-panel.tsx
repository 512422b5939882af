import { TEAM_MAX_MEMBERS } from '@app/domain/team-size'
import { useId, type Ref } from 'react'
import { DownloadButton } from '../../../components/reports/download-report-button.tsx'
import { downloadTeamReport } from '../../../components/reports/download-profile-report.ts'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import {
  ButtonSpinner,
  FieldError,
  FormAlert,
  inputClasses,
  labelClasses,
} from '../../../components/ui/form.tsx'
import { memberName, type TeamMember } from '../team-member.ts'
import { TeamReadingView } from './team-reading-view.tsx'

export interface TeamDraft {
  name: string
  members: readonly TeamMember[]
  /** The saved team this draft was opened from, if any. */
  openedId: number | null
  /** People saved in the opened team whom the caller may no longer see. */
  leftOut: number
}

/** Why the opened team shows fewer people than were saved in it; the team report says the same. */
export function leftOutText(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'} saved in this team ${count === 1 ? 'is' : 'are'} left out: their profile is no longer available to you.`
}

/**
 * The team being built or reopened: its name, its people, what they make together, and the two things to do
 * with it: save it under its name, and download its report.
 */
export function TeamPanel(props: {
  draft: TeamDraft
  onRename: (name: string) => void
  onRemove: (member: TeamMember) => void
  onSave: () => void
  onStartNew: () => void
  saving: boolean
  nameError: string | null
  saveError: string | null
  savedNotice: string | null
  /** The heading, focused when a saved team is opened. */
  headingRef: Ref<HTMLHeadingElement>
}) {
  const { draft, saving, nameError, saveError, savedNotice } = props
  const headingId = useId()
  const nameId = useId()
  const nameErrorId = useId()
  const membersId = useId()
  const tooMany = draft.members.length > TEAM_MAX_MEMBERS
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2
        id={headingId}
        ref={props.headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        {draft.openedId === null ? 'New team' : `Team: ${draft.name}`}
      </h2>
      {draft.leftOut > 0 && (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {leftOutText(draft.leftOut)}
        </p>
      )}
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          props.onSave()
        }}
      >
        <div className="flex-1">
          <label htmlFor={nameId} className={labelClasses}>
            Team name
          </label>
          <input
            id={nameId}
            value={draft.name}
            onChange={(event) => props.onRename(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            className={`mt-1.5 ${inputClasses}`}
          />
          <FieldError id={nameErrorId} message={nameError} />
        </div>
        <div className="flex flex-wrap gap-2 sm:mt-7">
          <button
            type="submit"
            className={buttonClasses('primary', 'md')}
            disabled={saving}
            aria-busy={saving}
          >
            {saving && <ButtonSpinner />}
            {draft.openedId === null ? 'Save team' : 'Save changes'}
          </button>
          {(draft.openedId !== null || draft.members.length > 0) && (
            <button type="button" className={buttonClasses('secondary', 'md')} onClick={props.onStartNew}>
              Start a new team
            </button>
          )}
        </div>
      </form>
      {saveError && (
        <div className="mt-3">
          <FormAlert>{saveError}</FormAlert>
        </div>
      )}
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {savedNotice ?? ''}
      </p>

      <h3 id={membersId} className="mt-4 text-base font-semibold text-slate-900">
        People in the team ({draft.members.length})
      </h3>
      {draft.members.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No one chosen yet: pick people from the list.</p>
      ) : (
        <ul aria-labelledby={membersId} className="mt-2 flex flex-wrap gap-2">
          {draft.members.map((member) => (
            <li
              key={member.id}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm"
            >
              <span className="break-words text-slate-900">{memberName(member)}</span>
              <button
                type="button"
                aria-label={`Remove ${memberName(member)} from the team`}
                onClick={() => props.onRemove(member)}
                className="rounded-full px-2 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      {draft.members.length > 0 && (
        <>
          <TeamReadingView members={draft.members} />
          <div className="mt-6">
            {tooMany ? (
              <p className="text-sm text-slate-600">
                A team report covers at most {TEAM_MAX_MEMBERS} people: remove some to download one.
              </p>
            ) : (
              <DownloadButton
                label="Download team report"
                accessibleName="Download team report"
                busyText="Preparing the team report"
                download={() =>
                  downloadTeamReport(
                    draft.members.map((member) => member.id),
                    draft.name.trim() || 'Team',
                  )
                }
              />
            )}
          </div>
        </>
      )}
    </section>
  )
}
