import type { ImportedUser } from '@app/contracts/imports'

/** The generated credentials in a 240 px scroll: Name, Email (Username), Password. Shown once. */
export function CredentialsTable({
  users,
  caption,
  emailHeading = 'Email (Username)',
}: {
  users: readonly ImportedUser[]
  caption: string
  emailHeading?: string
}) {
  return (
    <div
      className="max-h-60 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
              {emailHeading}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
              Password
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {users.map((user, index) => (
            <tr key={index}>
              <td className="px-3 py-2 text-slate-900">{user.name}</td>
              <td className="px-3 py-2 break-all text-slate-700">{user.email}</td>
              <td className="px-3 py-2 font-mono text-slate-900">{user.password}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
