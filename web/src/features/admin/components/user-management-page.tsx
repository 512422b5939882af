import { ROLES } from '@app/domain/roles'
import { useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { FormAlert, FormField, inputClasses } from '../../../components/ui/form.tsx'
import { useAllProfiles } from '../api/get-all-profiles.ts'
import { useUsers } from '../api/get-users.ts'
import { ACCOUNT_READS, invalidateEndpoints } from '../../../lib/query-refresh.ts'
import {
  buildDirectory,
  countByRole,
  filterDirectory,
  ROLE_FILTERS,
  ROLE_LABELS,
  type RoleFilter,
} from '../user-directory.ts'
import { UserDetails } from './user-details.tsx'
import { UserList } from './user-list.tsx'

/**
 * User Management (/admin/users and /admin/user-management, one screen): search and filter every
 * account, see its DISC summary, and edit a non-guest's e-mail and password.
 */
export function UserManagementPage() {
  const searchId = useId()
  const users = useUsers()
  const profiles = useAllProfiles()
  const [search, setSearch] = useState('')
  const [role, setRole] = useState<RoleFilter>('all')
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const queryClient = useQueryClient()
  // Typing stays immediate; the list of 10,000 follows when React has time.
  const deferredSearch = useDeferredValue(search)

  const directory = useMemo(
    () => buildDirectory(users.data ?? [], profiles.data ?? []),
    [users.data, profiles.data],
  )
  const shown = useMemo(
    () => filterDirectory(directory, deferredSearch, role),
    [directory, deferredSearch, role],
  )
  const counts = useMemo(() => countByRole(users.data ?? []), [users.data])
  const selectedEntry = directory.find((entry) => entry.user.id === selectedId)

  // The list, the profiles and the open user's details are all read again.
  const refresh = () => void invalidateEndpoints(queryClient, [...ACCOUNT_READS, '/api/all-profiles'])

  const refreshing = users.isFetching || profiles.isFetching
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <FormField id={searchId} label="Search users" className="min-w-64 flex-1">
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, e-mail, username or inviter"
              className={inputClasses}
            />
          )}
        </FormField>
        <button type="button" onClick={refresh} disabled={refreshing} className={buttonClasses('secondary')}>
          {refreshing ? 'Refreshing...' : 'Refresh User Data'}
        </button>
      </div>
      <div role="group" aria-label="Filter by role" className="flex flex-wrap gap-2">
        {ROLE_FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={role === filter.value}
            onClick={() => setRole(filter.value)}
            className={`rounded-full px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
              role === filter.value
                ? 'bg-indigo-600 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {users.isError && <FormAlert>Failed to fetch user data</FormAlert>}
      {profiles.isError && <FormAlert>Failed to fetch user profiles</FormAlert>}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Users" className="space-y-2">
          <p className="min-h-5 text-sm text-slate-700" aria-live="polite">
            {users.isPending
              ? ''
              : `Showing ${shown.length.toLocaleString()} of ${directory.length.toLocaleString()} users`}
          </p>
          {users.isPending ? (
            <p className="flex h-[500px] items-center justify-center rounded-xl border border-slate-200 bg-white text-sm text-slate-600">
              Loading users...
            </p>
          ) : shown.length === 0 ? (
            <p className="flex h-[500px] items-center justify-center rounded-xl border border-slate-200 bg-white px-6 text-center text-sm text-slate-600">
              {directory.length === 0 ? 'No users available' : 'No users found matching your search'}
            </p>
          ) : (
            <UserList
              entries={shown}
              selectedId={selectedId}
              onSelect={setSelectedId}
              label="Users"
              filterKey={`${role}\n${deferredSearch}`}
            />
          )}
        </section>
        <section aria-label="User details" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          {selectedId === null ? (
            <p className="flex h-full min-h-48 items-center justify-center px-6 text-center text-sm text-slate-600">
              Select a user from the list to edit their details
            </p>
          ) : (
            <UserDetails
              userId={selectedId}
              profile={selectedEntry?.profile ?? null}
              onCancel={() => setSelectedId(null)}
            />
          )}
        </section>
      </div>
      <footer className="flex flex-wrap gap-x-6 gap-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700">
        {ROLES.map((each) => (
          <span key={each}>
            {ROLE_LABELS[each]}:{' '}
            <span className="font-semibold text-slate-900 tabular-nums">{counts[each]}</span>
          </span>
        ))}
        <span>
          Total: <span className="font-semibold text-slate-900 tabular-nums">{directory.length}</span>
        </span>
      </footer>
    </div>
  )
}
