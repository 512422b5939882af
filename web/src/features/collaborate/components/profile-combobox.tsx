import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { AssessmentBadge } from '../../../components/advice/assessment-badge.tsx'
import { inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useLookupProfiles } from '../api/lookup-profiles.ts'
import { profileLabel, type PickedProfile } from '../picked-profile.ts'

const SEARCH_DELAY_MS = 250

/**
 * A searchable profile picker (the ARIA combobox pattern with a listbox popup). Typing searches the server
 * by name; further pages load as the list is scrolled or the arrow keys reach its end.
 */
export function ProfileCombobox({
  label,
  selected,
  onSelect,
}: {
  label: string
  selected: PickedProfile | null
  onSelect: (profile: PickedProfile) => void
}) {
  const inputId = useId()
  const listId = useId()
  const statusId = useId()
  const [text, setText] = useState(selected ? profileLabel(selected) : '')
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listRef = useRef<HTMLUListElement>(null)
  const lookup = useLookupProfiles(query, open)
  const options = lookup.data?.pages.flatMap((page) => page.items) ?? []

  // The field shows the chosen profile's name whenever the choice changes from outside (preselection, map).
  useEffect(() => {
    setText(selected ? profileLabel(selected) : '')
  }, [selected])

  useEffect(() => {
    const timer = setTimeout(
      () => setQuery(text === (selected ? profileLabel(selected) : '') ? '' : text.trim()),
      SEARCH_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [text, selected])

  useEffect(() => setActive(-1), [query])

  useEffect(() => {
    if (active < 0) return
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' })
    if (active >= options.length - 1 && lookup.hasNextPage && !lookup.isFetchingNextPage)
      void lookup.fetchNextPage()
  }, [active, options.length, listId, lookup])

  function choose(index: number) {
    const profile = options[index]
    if (!profile) return
    onSelect(profile)
    setText(profileLabel(profile))
    setOpen(false)
  }

  function close() {
    setOpen(false)
    setText(selected ? profileLabel(selected) : '')
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) setOpen(true)
      else setActive((index) => Math.min(index + 1, options.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      if (open && active >= 0) {
        event.preventDefault()
        choose(active)
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault()
        close()
      }
    }
  }

  function handleScroll() {
    const list = listRef.current
    if (!list || !lookup.hasNextPage || lookup.isFetchingNextPage) return
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 40) void lookup.fetchNextPage()
  }

  const status = !open
    ? ''
    : lookup.isPending
      ? 'Searching profiles...'
      : lookup.isError
        ? 'The profiles could not be loaded.'
        : options.length === 0
          ? 'No profiles match.'
          : `${options.length} profile${options.length === 1 ? '' : 's'} shown${lookup.hasNextPage ? ', more load as you scroll' : ''}.`

  return (
    <div className="relative">
      <label htmlFor={inputId} className={labelClasses}>
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={statusId}
        autoComplete="off"
        placeholder="Type a name to search"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onKeyDown={handleKeyDown}
        onBlur={close}
        className={`mt-1.5 ${inputClasses}`}
      />
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
      <div
        hidden={!open}
        className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label={`${label} matches`}
          onScroll={handleScroll}
          className="max-h-72 overflow-y-auto py-1"
        >
          {options.map((profile, index) => (
            <li
              key={profile.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={selected?.id === profile.id}
              // Chosen on mousedown, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(index)
              }}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800'
              }`}
            >
              <span className="min-w-0 truncate">{profileLabel(profile)}</span>
              <AssessmentBadge type={profile.assessmentType} />
            </li>
          ))}
        </ul>
        {(lookup.isPending || lookup.isFetchingNextPage || lookup.isError || options.length === 0) && (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-slate-600">
            {lookup.isPending || lookup.isFetchingNextPage
              ? 'Loading...'
              : lookup.isError
                ? 'Could not load profiles'
                : 'No profiles match'}
          </p>
        )}
      </div>
    </div>
  )
}
