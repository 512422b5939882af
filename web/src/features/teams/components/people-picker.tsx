import { DISC_STYLES } from '@app/domain/content/disc-styles'
import { useEffect, useId, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useLookupProfiles } from '../../../lib/lookup-profiles.ts'
import { mapPosition } from '../../../lib/team-map-layout.ts'
import { memberName, type TeamMember } from '../team-member.ts'

const SEARCH_DELAY_MS = 250

/** A person's style in words for the picker: measured, derived from a Prevue result, or none yet. */
function styleOf(member: TeamMember): string {
  const position = mapPosition(member)
  if (!position) return 'no result yet'
  return `${DISC_STYLES[position.primaryType].name}${position.derived ? ' (derived from Prevue)' : ''}`
}

/**
 * The people the caller may see (every profile for an administrator), by name, a page at a time: each a
 * checkbox, so the list is worked with Tab and Space like any form, and "Add everyone shown" for a whole page.
 */
export function PeoplePicker({
  chosen,
  onToggle,
  onAddAll,
}: {
  chosen: ReadonlySet<number>
  onToggle: (member: TeamMember, add: boolean) => void
  onAddAll: (members: readonly TeamMember[]) => void
}) {
  const headingId = useId()
  const searchId = useId()
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const people = useLookupProfiles(query, true)

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])

  const found = people.data?.pages.flatMap((page) => page.items) ?? []
  const notChosen = found.filter((member) => !chosen.has(member.id))

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Choose people
      </h2>
      <div className="mt-4">
        <label htmlFor={searchId} className={labelClasses}>
          Search people by name
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          className={`mt-1.5 ${inputClasses}`}
        />
      </div>
      <div aria-live="polite" className="mt-3 text-sm text-slate-600">
        {people.isPending && <p>Loading people…</p>}
        {people.isSuccess && found.length === 0 && (
          <p>
            {query ? `No one you can see matches "${query}".` : 'There are no profiles to choose from yet.'}
          </p>
        )}
      </div>
      {people.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          People could not be loaded. Please try again.
        </p>
      )}
      {found.length > 0 && (
        <>
          <ul
            aria-label="People found"
            className="mt-2 max-h-[28rem] divide-y divide-slate-100 overflow-auto"
          >
            {found.map((member) => {
              const id = `${searchId}-${member.id}`
              return (
                <li key={member.id} className="flex items-start gap-3 py-2">
                  <input
                    id={id}
                    type="checkbox"
                    checked={chosen.has(member.id)}
                    onChange={(event) => onToggle(member, event.target.checked)}
                    className="mt-1 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  />
                  <label htmlFor={id} className="min-w-0 text-sm">
                    <span className="font-medium break-words text-slate-900">{memberName(member)}</span>
                    <span className="block text-slate-600">{styleOf(member)}</span>
                  </label>
                </li>
              )
            })}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClasses('secondary', 'sm')}
              disabled={notChosen.length === 0}
              onClick={() => onAddAll(notChosen)}
            >
              Add everyone shown
            </button>
            {people.hasNextPage && (
              <button
                type="button"
                className={buttonClasses('ghost', 'sm')}
                disabled={people.isFetchingNextPage}
                onClick={() => void people.fetchNextPage()}
              >
                {people.isFetchingNextPage ? 'Loading more people…' : 'Show more people'}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  )
}
