import type { ImportedUser } from '@app/contracts/imports'
import { credentialText } from '../credentials-csv.ts'
import { ScrollTable, stackedCell, stackedRow } from './scroll-table.tsx'

/**
 * The credentials in a 240 px scroll: Name, Email (Username), Password. A password is shown once; a person
 * mailed a set-password link reads 'link sent'. On a phone each person is a block of the three, so a long
 * address or password shows whole: it breaks anywhere.
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
          <td
            data-label="Password"
            className={`px-3 py-2 break-all text-slate-900 ${user.credential === 'password' ? 'font-mono' : 'italic'} ${stackedCell}`}
          >
            {credentialText(user)}
          </td>
        </tr>
      ))}
    </ScrollTable>
  )
}
