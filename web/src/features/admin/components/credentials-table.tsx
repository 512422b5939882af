import type { ImportedUser } from '@app/contracts/imports'
import { ScrollTable } from './scroll-table.tsx'

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
    <ScrollTable label={caption} caption={caption} columns={['Name', emailHeading, 'Password']}>
      {users.map((user, index) => (
        <tr key={index}>
          <td className="px-3 py-2 text-slate-900">{user.name}</td>
          <td className="px-3 py-2 break-all text-slate-700">{user.email}</td>
          <td className="px-3 py-2 font-mono text-slate-900">{user.password}</td>
        </tr>
      ))}
    </ScrollTable>
  )
}
