import type { ImportedUser } from '@app/contracts/imports'
import { credentialText } from '../credentials-csv.ts'
import { ScrollTable } from './scroll-table.tsx'

/**
 * The credentials in a 240 px scroll: Name, Email (Username), Password. A password is shown once; a person
 * mailed a set-password link reads 'link sent'.
 */
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
          <td
            className={`px-3 py-2 text-slate-900 ${user.credential === 'password' ? 'font-mono' : 'italic'}`}
          >
            {credentialText(user)}
          </td>
        </tr>
      ))}
    </ScrollTable>
  )
}
