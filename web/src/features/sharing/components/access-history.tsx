import type { AccessHistoryEntry } from '@app/contracts/sharing'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useAccessHistory } from '../api/get-access-history.ts'
import { formatWhen, GUEST_ROLE_LABELS } from '../display-formats.ts'

type Node = { entry: AccessHistoryEntry; children: Node[] }

/** Builds the chains from the entries (tree order); an entry whose parent is missing starts a chain. */
export function historyTree(entries: readonly AccessHistoryEntry[]): Node[] {
  const nodes = new Map(entries.map((entry) => [entry.invitationId, { entry, children: [] as Node[] }]))
  const roots: Node[] = []
  for (const node of nodes.values()) {
    const parent =
      node.entry.parentInvitationId === null ? undefined : nodes.get(node.entry.parentInvitationId)
    ;(parent ? parent.children : roots).push(node)
  }
  return roots
}

/** Who was given access to the owner's profile, through whom, and what became of it: one tree per chain. */
export function AccessHistory() {
  const history = useAccessHistory({ enabled: true })
  return (
    <section
      aria-labelledby="access-history-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="access-history-heading" className="text-lg font-semibold text-slate-900">
        Access History
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Everyone who was invited to your profile, including forwards, and what became of each invitation.
      </p>
      {history.isPending ? (
        <Spinner label="Loading access history" />
      ) : history.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          We could not load the access history. Please try again in a moment.
        </p>
      ) : history.data.entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No one has been invited to your profile yet.</p>
      ) : (
        <HistoryList nodes={historyTree(history.data.entries)} label="Access history" />
      )}
    </section>
  )
}

function HistoryList({ nodes, label }: { nodes: Node[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-3 space-y-3">
      {nodes.map((node) => (
        <HistoryItem key={node.entry.invitationId} node={node} />
      ))}
    </ul>
  )
}

function HistoryItem({ node }: { node: Node }) {
  const { entry } = node
  return (
    <li className="border-l-2 border-slate-200 pl-4" data-depth={entry.depth}>
      <p className="font-medium break-words text-slate-900">
        {entry.inviteeName} <span className="font-normal text-slate-600">({entry.inviteeEmail})</span>
      </p>
      <p className="text-xs text-slate-600">{GUEST_ROLE_LABELS[entry.inviteeRole]}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-slate-600">Invited</dt>
        <dd className="text-slate-900">
          <time dateTime={entry.invitedAt}>{formatWhen(entry.invitedAt)}</time> by {entry.invitedBy.name}
        </dd>
        <dt className="text-slate-600">Accepted</dt>
        <dd className="text-slate-900">
          {entry.acceptedAt ? (
            <time dateTime={entry.acceptedAt}>{formatWhen(entry.acceptedAt)}</time>
          ) : (
            'Not yet'
          )}
        </dd>
        {entry.revokedAt && (
          <>
            <dt className="text-slate-600">Revoked</dt>
            <dd className="text-red-800">
              <time dateTime={entry.revokedAt}>{formatWhen(entry.revokedAt)}</time>
              {entry.revokedBy && <> by {entry.revokedBy.name}</>}
            </dd>
          </>
        )}
      </dl>
      {node.children.length > 0 && (
        <HistoryList nodes={node.children} label={`Shared on by ${entry.inviteeName}`} />
      )}
    </li>
  )
}
