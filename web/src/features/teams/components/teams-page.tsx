import type { TeamSummary } from '@app/contracts/teams'
import { TeamNameSchema } from '@app/contracts/teams'
import { teamSizeProblem } from '@app/domain/team-size'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client.ts'
import { getTeamQueryOptions } from '../api/get-team.ts'
import { useTeamChanges } from '../api/save-team.ts'
import type { TeamMember } from '../team-member.ts'
import { PeoplePicker } from './people-picker.tsx'
import { SavedTeams } from './saved-teams.tsx'
import { TeamPanel, type TeamDraft } from './team-panel.tsx'

const EMPTY: TeamDraft = { name: '', members: [], openedId: null, leftOut: 0 }
const FAILED = 'That did not work. Please try again.'

const messageOf = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? FAILED) : FAILED)

/** The name's own problem, in the words of the server's rule (packages/contracts/src/teams.ts), or null. */
function nameProblem(name: string): string | null {
  const parsed = TeamNameSchema.safeParse(name)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? FAILED)
}

/**
 * Teams (docs/decisions/058-saved-teams.md): pick people, see what they make together and what they lack,
 * download the report, and keep the team under a name to reopen, rename or delete later.
 */
export function TeamsPage() {
  const queryClient = useQueryClient()
  const changes = useTeamChanges()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [draft, setDraft] = useState<TeamDraft>(EMPTY)
  const [nameError, setNameError] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const chosen = new Set(draft.members.map((member) => member.id))

  function change(next: Partial<TeamDraft>) {
    setDraft((current) => ({ ...current, ...next }))
    setNotice(null)
  }

  function toggle(member: TeamMember, add: boolean) {
    setDraft((current) => ({
      ...current,
      members: add
        ? [...current.members.filter((known) => known.id !== member.id), member]
        : current.members.filter((known) => known.id !== member.id),
    }))
    setNotice(null)
  }

  function addAll(members: readonly TeamMember[]) {
    setDraft((current) => {
      const known = new Set(current.members.map((member) => member.id))
      return {
        ...current,
        members: [...current.members, ...members.filter((member) => !known.has(member.id))],
      }
    })
    setNotice(null)
  }

  async function save() {
    const problem = nameProblem(draft.name)
    setNameError(problem)
    setSaveError(problem ? null : teamSizeProblem(draft.members.length))
    if (problem || teamSizeProblem(draft.members.length)) return
    const body = { name: draft.name, profileIds: draft.members.map((member) => member.id) }
    try {
      const team =
        draft.openedId === null
          ? await changes.create.mutateAsync(body)
          : await changes.update.mutateAsync({ id: draft.openedId, ...body })
      setDraft({ name: team.name, members: team.members, openedId: team.id, leftOut: team.leftOut })
      setNotice(`Team "${team.name}" saved.`)
    } catch (error) {
      const message = messageOf(error)
      if (error instanceof ApiError && error.status === 409) setNameError(message)
      else setSaveError(message)
    }
  }

  async function open(summary: TeamSummary) {
    setSaveError(null)
    setNameError(null)
    try {
      const team = await queryClient.fetchQuery(getTeamQueryOptions(summary.id))
      setDraft({ name: team.name, members: team.members, openedId: team.id, leftOut: team.leftOut })
      setNotice(`Team "${team.name}" opened.`)
      headingRef.current?.focus()
    } catch (error) {
      setSaveError(messageOf(error))
    }
  }

  async function rename(summary: TeamSummary, name: string): Promise<string | null> {
    const problem = nameProblem(name)
    if (problem) return problem
    try {
      const team = await changes.update.mutateAsync({ id: summary.id, name })
      if (draft.openedId === team.id) setDraft((current) => ({ ...current, name: team.name }))
      return null
    } catch (error) {
      return messageOf(error)
    }
  }

  async function remove(summary: TeamSummary): Promise<string | null> {
    try {
      await changes.remove.mutateAsync(summary.id)
      if (draft.openedId === summary.id) setDraft((current) => ({ ...current, openedId: null, leftOut: 0 }))
      setNotice(`Team "${summary.name}" deleted.`)
      return null
    } catch (error) {
      return messageOf(error)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <PeoplePicker chosen={chosen} onToggle={toggle} onAddAll={addAll} />
        <TeamPanel
          draft={draft}
          headingRef={headingRef}
          onRename={(name) => change({ name })}
          onRemove={(member) => toggle(member, false)}
          onSave={() => void save()}
          onStartNew={() => {
            setDraft(EMPTY)
            setNameError(null)
            setSaveError(null)
            setNotice(null)
          }}
          saving={changes.create.isPending || changes.update.isPending}
          nameError={nameError}
          saveError={saveError}
          savedNotice={notice}
        />
      </div>
      <SavedTeams onOpen={(team) => void open(team)} onRename={rename} onDelete={remove} />
    </div>
  )
}
