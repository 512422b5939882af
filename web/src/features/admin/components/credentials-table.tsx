import type { ImportedUser } from '@app/contracts/imports'
import { ScrollTable, stackedCell, stackedRow } from './scroll-table.tsx'

/**
 * The generated credentials in a 240 px scroll: Name, Email (Username), Password. Shown once. On a phone
 * each person is a block of the three, so a long address or password shows whole: it breaks anywhere.
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
    <ScrollTable label={caption} caption={caption} columns={['Name', emailHeading, 'Password']} stacked>
      {users.map((user, index) => (
        <tr key={index} className={stackedRow}>
          <td className={`px-3 py-2 font-medium text-slate-900 sm:font-normal ${stackedCell}`}>
            {user.name}
          </td>
          <td data-label={emailHeading} className={`px-3 py-2 break-all text-slate-700 ${stackedCell}`}>
            {user.email}
          </td>
          <td data-label="Password" className={`px-3 py-2 font-mono break-all text-slate-900 ${stackedCell}`}>
            {user.password}
          </td>
        </tr>
      ))}
    </ScrollTable>
  )
}
