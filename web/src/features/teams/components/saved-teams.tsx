import { cleanTeamName } from '@app/domain/saved-teams'
import type { TeamSummary } from '@app/contracts/teams'
import { useId, useState } from 'react'
import { DownloadButton } from '../../../components/reports/download-report-button.tsx'
import { downloadSavedTeamReport } from '../../../components/reports/download-profile-report.ts'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { FormAlert, inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useTeams } from '../api/get-teams.ts'

export interface SavedTeamActions {
  onOpen: (team: TeamSummary) => void
  /** Resolves with the server's refusal in words, or null once renamed. */
  onRename: (team: TeamSummary, name: string) => Promise<string | null>
  onDelete: (team: TeamSummary) => Promise<string | null>
}

/** The caller's saved teams: each to reopen, rename, delete, or download its report again. */
export function SavedTeams(actions: SavedTeamActions) {
  const headingId = useId()
  const teams = useTeams()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Saved teams
      </h2>
      {teams.isPending && <p className="mt-2 text-sm text-slate-600">Loading your teams…</p>}
      {teams.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Your teams could not be loaded. Please try again.
        </p>
      )}
      {teams.data?.teams.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          No saved teams yet. Choose people and save them as a team.
        </p>
      )}
      {teams.data && teams.data.teams.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100">
          {teams.data.teams.map((team) => (
            <SavedTeamRow key={team.id} team={team} {...actions} />
          ))}
        </ul>
      )}
    </section>
  )
}

function SavedTeamRow({ team, onOpen, onRename, onDelete }: SavedTeamActions & { team: TeamSummary }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view')
  const [name, setName] = useState(team.name)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const nameId = useId()

  async function run(change: () => Promise<string | null>) {
    setBusy(true)
    setError(null)
    const refused = await change()
    setBusy(false)
    if (refused) setError(refused)
    else setMode('view')
  }

  return (
    <li className="py-3" aria-label={team.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{team.name}</p>
          <p className="text-sm text-slate-600">
            {team.members} {team.members === 1 ? 'person' : 'people'}
            {team.leftOut > 0 && `, ${team.leftOut} left out (no longer available to you)`}
          </p>
        </div>
        {mode === 'view' && (
          <div className="flex flex-wrap items-start gap-2">
            <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => onOpen(team)}>
              Open<span className="sr-only"> {team.name}</span>
            </button>
            <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => setMode('rename')}>
              Rename<span className="sr-only"> {team.name}</span>
            </button>
            <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => setMode('delete')}>
              Delete<span className="sr-only"> {team.name}</span>
            </button>
            {team.members > 0 && (
              <DownloadButton
                accessibleName={`Download report for ${team.name}`}
                busyText={`Preparing the report for ${team.name}`}
                download={() => downloadSavedTeamReport(team.id)}
              />
            )}
          </div>
        )}
      </div>
      {mode === 'rename' && (
        <form
          noValidate
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void run(() => onRename(team, cleanTeamName(name)))
          }}
        >
          <div>
            <label htmlFor={nameId} className={labelClasses}>
              New name for {team.name}
            </label>
            <input
              id={nameId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={`mt-1.5 ${inputClasses}`}
            />
          </div>
          <button type="submit" className={buttonClasses('primary', 'sm')} disabled={busy}>
            Save name
          </button>
          <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'delete' && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <p className="text-slate-800">Delete the team {team.name}? The profiles in it stay.</p>
          <button
            type="button"
            className={buttonClasses('primary', 'sm')}
            disabled={busy}
            onClick={() => void run(() => onDelete(team))}
          >
            Delete team
          </button>
          <button type="button" className={buttonClasses('ghost', 'sm')} onClick={() => setMode('view')}>
            Keep it
          </button>
        </div>
      )}
      {error && (
        <div className="mt-2">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </li>
  )
}
