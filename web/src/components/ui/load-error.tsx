import { buttonClasses } from './button-styles.ts'

/**
 * A list that could not be read: what failed, said as an alert, and a button that reads it again. The button
 * waits while that read is on its way, so a second click sends no second read.
 */
export function LoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string
  onRetry: () => void
  retrying: boolean
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-red-800">
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={buttonClasses('secondary', 'sm')}
      >
        {retrying ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  )
}
