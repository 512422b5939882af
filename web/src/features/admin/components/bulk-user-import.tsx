import type { ImportedUser } from '@app/contracts/imports'
import { parseSimpleImport, toDiscCsv, type SimpleImportUser } from '@app/domain/simple-import'
import { useId, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useImportCsv } from '../api/import-csv.ts'
import { serverMessage } from '../import-errors.ts'
import { CsvTextField } from './csv-text-field.tsx'
import { ScrollTable } from './scroll-table.tsx'

const SAMPLE = [
  '# firstName,lastName,email,dScore,iScore,sScore,cScore',
  'John,Smith,john.smith@example.com,80,60,40,20',
  'Maria,Garcia,maria.garcia@example.com,35,85,55,40',
  'Wei,Chen,wei.chen@example.com,45,30,75,60',
].join('\n')

/**
 * Simple Import, Bulk Import: paste people one per line, Parse Data to preview them, then Import All.
 * Editing the text clears the preview; Import All parses first when the preview is empty.
 */
export function BulkUserImport({ onImported }: { onImported: (users: ImportedUser[]) => void }) {
  const { toast } = useToast()
  const importCsv = useImportCsv()
  const [text, setText] = useState('')
  const [preview, setPreview] = useState<SimpleImportUser[] | null>(null)

  function edit(next: string) {
    setText(next)
    setPreview(null)
  }

  /** The parse with its toast: the users found, or null after telling why there are none. */
  function parse(): SimpleImportUser[] | null {
    const parsed = parseSimpleImport(text)
    toast({
      title: parsed.title,
      description: parsed.description,
      variant: parsed.ok ? 'default' : 'destructive',
    })
    if (!parsed.ok) return null
    setPreview(parsed.users)
    return parsed.users
  }

  function importAll() {
    const users = preview ?? parse()
    if (users === null) return
    const failed = (description: string) =>
      toast({ title: 'Bulk Import Failed', description, variant: 'destructive' })
    importCsv.mutate(
      { kind: 'disc', csvText: toDiscCsv(users) },
      {
        onSuccess: (result) => {
          if (result.successfulRecords === 0) {
            failed('No users were imported successfully')
            return
          }
          toast({
            title: 'Bulk Import Complete',
            description: `Successfully imported ${result.successfulRecords} of ${users.length} users`,
          })
          onImported(result.importedUsers)
          setText('')
          setPreview(null)
        },
        onError: (error) => failed(serverMessage(error) ?? 'Unknown error during bulk import'),
      },
    )
  }

  const busy = importCsv.isPending
  return (
    <div className="space-y-5">
      <CsvTextField
        label="User data"
        labelAside={
          <button
            type="button"
            onClick={() => edit(SAMPLE)}
            disabled={busy}
            className={buttonClasses('ghost', 'sm')}
          >
            Load Sample
          </button>
        }
        hint="One user per line: firstName,lastName,email,dScore,iScore,sScore,cScore. Blank lines and lines starting with # are skipped."
        rows={8}
        value={text}
        onChange={edit}
        disabled={busy}
        placeholder="John,Smith,john.smith@example.com,80,60,40,20"
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={parse} disabled={busy} className={buttonClasses('secondary')}>
          Parse Data
        </button>
        <button type="button" onClick={importAll} disabled={busy} className={buttonClasses('primary')}>
          {busy && <ButtonSpinner />}
          {busy ? 'Importing...' : 'Import All'}
        </button>
      </div>
      {preview && <PreviewTable users={preview} />}
    </div>
  )
}

function PreviewTable({ users }: { users: readonly SimpleImportUser[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        Preview ({users.length} {users.length === 1 ? 'user' : 'users'})
      </h2>
      <ScrollTable label="Users to import" columns={['Name', 'Email', 'DISC Scores']} maxHeight="max-h-96">
        {users.map((user, index) => (
          <tr key={index}>
            <td className="px-3 py-2 text-slate-900">
              {user.firstName} {user.lastName}
            </td>
            <td className="px-3 py-2 break-all text-slate-700">{user.email}</td>
            <td className="px-3 py-2 font-mono text-xs text-slate-800">
              D:{user.dScore} I:{user.iScore} S:{user.sScore} C:{user.cScore}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  )
}
