import type { ImportedUser, SingleImportRequest } from '@app/contracts/imports'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner, FormField, inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { schemaResolver, useSchemaPreload } from '../../../lib/schema-resolver.ts'
import { useImportSingle } from '../api/import-single.ts'
import { serverMessage } from '../import-errors.ts'

const DEFAULT_SCORE = 50
const INITIAL_VALUES: SingleImportRequest = {
  firstName: '',
  lastName: '',
  email: '',
  dScore: DEFAULT_SCORE,
  iScore: DEFAULT_SCORE,
  sScore: DEFAULT_SCORE,
  cScore: DEFAULT_SCORE,
}
const SCORES = [
  { name: 'dScore', label: 'D (Dominance)' },
  { name: 'iScore', label: 'I (Influence)' },
  { name: 'sScore', label: 'S (Steadiness)' },
  { name: 'cScore', label: 'C (Conscientiousness)' },
] as const

const resolver = schemaResolver<SingleImportRequest>(
  async () => (await import('../single-user-schema.ts')).SingleUserFormSchema,
)

/**
 * Simple Import, Single User: one person with DISC scores; the password is generated in lower case. Any
 * blank name or e-mail, or a score that is not a number, gives the spec's one toast and marks the fields.
 */
export function SingleUserForm({ onImported }: { onImported: (users: ImportedUser[]) => void }) {
  const idPrefix = useId()
  const { toast } = useToast()
  const importSingle = useImportSingle()
  const { register, handleSubmit, reset, formState } = useForm<SingleImportRequest>({
    resolver,
    defaultValues: INITIAL_VALUES,
  })
  useSchemaPreload(resolver)
  const invalid = (name: keyof SingleImportRequest) => Boolean(formState.errors[name])

  function add(values: SingleImportRequest) {
    const failed = (description: string) =>
      toast({ title: 'Import Failed', description, variant: 'destructive' })
    const trimmed = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    }
    importSingle.mutate(trimmed, {
      onSuccess: (result) => {
        if (result.successfulRecords === 0) {
          failed(result.report.find((row) => row.reason)?.reason ?? 'Failed to create user')
          return
        }
        toast({
          title: 'User successfully imported',
          description: `${trimmed.firstName} ${trimmed.lastName} can now sign in`,
        })
        onImported(result.importedUsers)
        reset(INITIAL_VALUES)
      },
      onError: (error) => failed(serverMessage(error) ?? 'Failed to create user'),
    })
  }

  const refuse = () =>
    toast({
      title: 'Invalid input',
      description: 'Please fill all fields with valid data',
      variant: 'destructive',
    })

  return (
    <form
      onSubmit={handleSubmit(add, refuse)}
      noValidate
      aria-label="Add a single user"
      className="space-y-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-first`} label="First Name" invalid={invalid('firstName')}>
          {(control) => (
            <input {...control} {...register('firstName')} autoComplete="off" className={inputClasses} />
          )}
        </FormField>
        <FormField id={`${idPrefix}-last`} label="Last Name" invalid={invalid('lastName')}>
          {(control) => (
            <input {...control} {...register('lastName')} autoComplete="off" className={inputClasses} />
          )}
        </FormField>
      </div>
      <FormField
        id={`${idPrefix}-email`}
        label="Email"
        hint="The e-mail address is also the username."
        invalid={invalid('email')}
      >
        {(control) => (
          <input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="off"
            className={inputClasses}
          />
        )}
      </FormField>
      <fieldset>
        <legend className={labelClasses}>DISC scores (whole numbers from 0 to 100)</legend>
        <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {SCORES.map((score) => (
            <FormField
              key={score.name}
              id={`${idPrefix}-${score.name}`}
              label={score.label}
              invalid={invalid(score.name)}
            >
              {(control) => (
                <input
                  {...control}
                  {...register(score.name, { valueAsNumber: true })}
                  type="number"
                  min={0}
                  max={100}
                  inputMode="numeric"
                  className={inputClasses}
                />
              )}
            </FormField>
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
