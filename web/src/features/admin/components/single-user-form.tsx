import type { ImportedUser } from '@app/contracts/imports'
import { DISC_TYPES, type DiscType } from '@app/domain/disc'
import { useId, useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useImportSingle } from '../api/import-single.ts'
import { serverMessage } from '../import-errors.ts'

const DEFAULT_SCORE = '50'
const EMPTY_FORM = { firstName: '', lastName: '', email: '' }
const DEFAULT_SCORES: Record<DiscType, string> = {
  D: DEFAULT_SCORE,
  I: DEFAULT_SCORE,
  S: DEFAULT_SCORE,
  C: DEFAULT_SCORE,
}
const SCORE_LABELS: Record<DiscType, string> = {
  D: 'D (Dominance)',
  I: 'I (Influence)',
  S: 'S (Steadiness)',
  C: 'C (Conscientiousness)',
}

/** The score as a number, or null when the field does not hold one (the spec only checks it is numeric). */
function scoreValue(text: string): number | null {
  if (text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

/** Simple Import, Single User: one person with DISC scores; the password is generated in lower case. */
export function SingleUserForm({ onImported }: { onImported: (users: ImportedUser[]) => void }) {
  const idPrefix = useId()
  const { toast } = useToast()
  const importSingle = useImportSingle()
  const [person, setPerson] = useState(EMPTY_FORM)
  const [scores, setScores] = useState(DEFAULT_SCORES)

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const firstName = person.firstName.trim()
    const lastName = person.lastName.trim()
    const email = person.email.trim()
    const [dScore, iScore, sScore, cScore] = DISC_TYPES.map((type) => scoreValue(scores[type]))
    if (
      !firstName ||
      !lastName ||
      !email ||
      dScore == null ||
      iScore == null ||
      sScore == null ||
      cScore == null
    ) {
      toast({
        title: 'Invalid input',
        description: 'Please fill all fields with valid data',
        variant: 'destructive',
      })
      return
    }
    const failed = (description: string) =>
      toast({ title: 'Import Failed', description, variant: 'destructive' })
    importSingle.mutate(
      { firstName, lastName, email, dScore, iScore, sScore, cScore },
      {
        onSuccess: (result) => {
          if (result.successfulRecords === 0) {
            failed(result.report.find((row) => row.reason)?.reason ?? 'Failed to create user')
            return
          }
          toast({
            title: 'User successfully imported',
            description: `${firstName} ${lastName} can now sign in`,
          })
          onImported(result.importedUsers)
          setPerson(EMPTY_FORM)
          setScores(DEFAULT_SCORES)
        },
        onError: (error) => failed(serverMessage(error) ?? 'Failed to create user'),
      },
    )
  }

  const field = (
    key: keyof typeof EMPTY_FORM,
    label: string,
    type: 'text' | 'email',
    autoComplete: string,
  ) => (
    <div>
      <label htmlFor={`${idPrefix}-${key}`} className={labelClasses}>
        {label}
      </label>
      <input
        id={`${idPrefix}-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={person[key]}
        onChange={(event) => setPerson({ ...person, [key]: event.target.value })}
        className={`mt-1.5 ${inputClasses}`}
      />
    </div>
  )

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add a single user" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', 'text', 'off')}
        {field('lastName', 'Last Name', 'text', 'off')}
      </div>
      <div>
        {field('email', 'Email', 'email', 'off')}
        <p className="mt-1.5 text-xs text-slate-600">The e-mail address is also the username.</p>
      </div>
      <fieldset>
        <legend className={labelClasses}>DISC scores (whole numbers from 0 to 100)</legend>
        <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {DISC_TYPES.map((type) => (
            <div key={type}>
              <label htmlFor={`${idPrefix}-${type}`} className="block text-xs font-medium text-slate-700">
                {SCORE_LABELS[type]}
              </label>
              <input
                id={`${idPrefix}-${type}`}
                type="number"
                min={0}
                max={100}
                inputMode="numeric"
                value={scores[type]}
                onChange={(event) => setScores({ ...scores, [type]: event.target.value })}
                className={`mt-1 ${inputClasses}`}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" disabled={importSingle.isPending} className={buttonClasses('primary')}>
          {importSingle.isPending && <ButtonSpinner />}
          {importSingle.isPending ? 'Adding...' : 'Add User'}
        </button>
      </div>
    </form>
  )
}
