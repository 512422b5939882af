import type { ImportProgress } from '@app/contracts/imports'

/** How far a running import is: rows done of the total, as the rows complete. */
export function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const total = progress?.totalRecords ?? 0
  const done = progress?.processedRecords ?? 0
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0
  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50/50 p-4">
      <div className="flex items-center justify-between text-sm">
        <span id="import-progress-label" className="font-medium text-slate-900">
          Import progress
        </span>
        <span className="text-slate-700" aria-live="polite">
          {progress ? `${done.toLocaleString()} of ${total.toLocaleString()} rows` : 'Starting...'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={progress ? total : undefined}
        aria-valuenow={progress ? done : undefined}
        aria-valuetext={progress ? `${done} of ${total} rows` : 'Starting'}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-white ring-1 ring-indigo-100"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
