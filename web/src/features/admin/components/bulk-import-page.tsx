import type { FirstPassword, ImportProgress } from '@app/contracts/imports'
import { useState, type FormEvent } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useImportOptions } from '../api/get-import-options.ts'
import { useImportCsv, type CsvImportKind } from '../api/import-csv.ts'
import { serverMessage } from '../import-errors.ts'
import { IMPORT_TEMPLATES } from '../import-templates.ts'
import { CsvTextField } from './csv-text-field.tsx'
import { FirstPasswordChoice } from './first-password-choice.tsx'
import { ImportProgressBar } from './import-progress.tsx'
import { ImportResultPanel, type ImportOutcome } from './import-result-panel.tsx'
import { Tabs } from '../../../components/ui/tabs.tsx'

const IMPORT_TABS = [
  { id: 'disc', label: 'DISC Import' },
  { id: 'prevue', label: 'Prevue Import' },
] as const

/**
 * Bulk Import (/admin/import): paste a DISC or Prevue CSV, choose how people get their first password,
 * watch its rows complete, and read the result with the credentials, shown once.
 */
export function BulkImportPage() {
  const { toast } = useToast()
  const importCsv = useImportCsv()
  const importOptions = useImportOptions()
  const [firstPassword, setFirstPassword] = useState<FirstPassword>('generated')
  const [kind, setKind] = useState<CsvImportKind>('disc')
  const [csvText, setCsvText] = useState('')
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const processing = importCsv.isPending
  const template = IMPORT_TEMPLATES[kind]

  function chooseKind(next: CsvImportKind) {
    setKind(next)
    setOutcome(null)
    setProgress(null)
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (processing) return
    if (csvText.trim() === '') {
      toast({
        title: 'Empty input',
        description: 'Please paste CSV data with a header row',
        variant: 'destructive',
      })
      return
    }
    setOutcome(null)
    setProgress(null)
    importCsv.mutate(
      { kind, csvText, onProgress: setProgress, firstPassword },
      {
        onSuccess: (result) => {
          // The result's counts are final, whichever progress event arrived last.
          setProgress({
            jobId: result.jobId,
            totalRecords: result.totalRecords,
            processedRecords: result.totalRecords,
            successfulRecords: result.successfulRecords,
            failedRecords: result.failedRecords,
          })
          setOutcome({ kind: 'result', result })
          if (result.successfulRecords > 0) toast({ title: 'Import Successful', description: result.message })
          else toast({ title: 'Import Failed', description: result.message, variant: 'destructive' })
        },
        onError: (error) => {
          const message = serverMessage(error)
          toast({
            title: 'Import Failed',
            description: message ?? 'An unknown error occurred',
            variant: 'destructive',
          })
          setOutcome({ kind: 'failure', message: message ?? `Failed to import ${kind.toUpperCase()} users` })
        },
      },
    )
  }

  return (
    <div className="space-y-8">
      <Tabs label="Import type" tabs={IMPORT_TABS} active={kind} onChange={chooseKind} disabled={processing}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <form
            onSubmit={handleSubmit}
            aria-label={`${template.label} import`}
            className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <CsvTextField
              label={`${template.label} CSV data`}
              hint="Paste the CSV text with its header row."
              rows={12}
              value={csvText}
              onChange={setCsvText}
              disabled={processing}
              placeholder={template.sample}
            />
            <FirstPasswordChoice
              options={importOptions.data}
              value={firstPassword}
              onChange={setFirstPassword}
              disabled={processing}
            />
            <div className="flex justify-end">
              <button
                type="submit"
                disabled={csvText === '' || processing}
                className={buttonClasses('primary')}
              >
                {processing && <ButtonSpinner />}
                {processing ? 'Processing...' : 'Import Data'}
              </button>
            </div>
            {(processing || progress !== null) && <ImportProgressBar progress={progress} />}
          </form>
          <aside
            aria-label={`${template.label} sample template`}
            className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-base font-semibold text-slate-900">Sample template</h2>
            <pre
              role="region"
              tabIndex={0}
              aria-label={`${template.label} sample CSV`}
              className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100"
            >
              {template.sample}
            </pre>
            <h2 className="text-base font-semibold text-slate-900">Steps</h2>
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {template.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </aside>
        </div>
      </Tabs>
      {outcome && <ImportResultPanel outcome={outcome} />}
    </div>
  )
}
