import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { formatProfileSummary } from '@app/domain/profile-scores'
import { inviterOf, type DirectoryEntry } from '../user-directory.ts'
import { DeactivatedBadge, RoleBadge } from './role-badge.tsx'

/** Every row is this tall, so the list can place any row without measuring it (CSS `h-24`). */
const ROW_HEIGHT = 96
/** The spec's management list height (CSS `h-[500px]`). */
const LIST_HEIGHT = 500
/** Rows rendered beyond the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 6

/**
 * The user list as a listbox of which only the visible rows are in the page: 10,000 users scroll as
 * smoothly as 10. The list holds the focus and points at the active row (aria-activedescendant); arrows,
 * Home, End, Page Up and Page Down move it, Enter or Space selects it, and the row keeps a visible ring.
 */
export function UserList({
  entries,
  selectedId,
  onSelect,
  label,
  filterKey,
}: {
  entries: readonly DirectoryEntry[]
  selectedId: number | null
  onSelect: (id: number) => void
  label: string
  /** Changes with the search and the role filter; a reload of the same list keeps its place. */
  filterKey: string
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [active, setActive] = useState(0)
  const activeIndex = Math.min(active, Math.max(0, entries.length - 1))

  // A new filter starts at the top of its list.
  useEffect(() => {
    setActive(0)
    setScrollTop(0)
    if (listRef.current) listRef.current.scrollTop = 0
  }, [filterKey])

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN)
  const last = Math.min(entries.length, Math.ceil((scrollTop + LIST_HEIGHT) / ROW_HEIGHT) + OVERSCAN)

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(entries.length - 1, index))
    setActive(next)
    const list = listRef.current
    if (!list) return
    const top = next * ROW_HEIGHT
    if (top < list.scrollTop) list.scrollTop = top
    else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight)
      list.scrollTop = top + ROW_HEIGHT - list.clientHeight
    setScrollTop(list.scrollTop)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (entries.length === 0) return
    const page = Math.max(1, Math.floor(LIST_HEIGHT / ROW_HEIGHT) - 1)
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      Home: 0,
      End: entries.length - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
    }
    if (event.key in moves) {
      event.preventDefault()
      moveTo(moves[event.key]!)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onSelect(entries[activeIndex]!.user.id)
    }
  }

  const optionId = (index: number) => `user-option-${entries[index]?.user.id ?? 'none'}`

  return (
    <div
      ref={listRef}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={entries.length > 0 ? optionId(activeIndex) : undefined}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      className="group/list relative h-[500px] overflow-y-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <div role="none" style={{ height: entries.length * ROW_HEIGHT }} className="relative">
        {entries.slice(first, last).map((entry, offset) => {
          const index = first + offset
          const { user } = entry
          const selected = user.id === selectedId
          const isActive = index === activeIndex
          return (
            <div
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              aria-setsize={entries.length}
              aria-posinset={index + 1}
              onClick={() => {
                setActive(index)
                onSelect(user.id)
              }}
              style={{ top: index * ROW_HEIGHT }}
              className={`absolute inset-x-0 flex h-24 cursor-pointer flex-col justify-center gap-0.5 border-b border-slate-100 px-4 text-sm ${
                selected ? 'bg-indigo-50' : 'hover:bg-slate-50'
              } ${isActive ? 'group-focus-visible/list:outline-2 group-focus-visible/list:-outline-offset-2 group-focus-visible/list:outline-indigo-600' : ''}`}
            >
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate font-medium text-slate-900">{entry.name || user.username}</span>
                <RoleBadge role={user.role} />
                <DeactivatedBadge active={user.active} />
              </span>
              <span className="truncate text-slate-700">{user.email}</span>
              <span className="truncate text-xs text-slate-600">
                {entry.profile ? formatProfileSummary(entry.profile) : 'No profile'}
              </span>
              <span className="truncate text-xs text-slate-600">
                {inviterOf(user) ? `Invited by ${inviterOf(user)}` : 'No inviter'}
              </span>
            </div>
          )
        })}
      </div>
    </div>
  )
}
