import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ButtonSpinner } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'

export type SaveStatus = 'idle' | 'saving' | 'saved'

/**
 * Start again, or save. Once saved, the save button stays disabled so one result is not stored twice,
 * and a link leads to the profile page where it now appears.
 */
export function ResultsActions({
  saveLabel,
  restartLabel,
  status,
  onSave,
  onRestart,
}: {
  saveLabel: string
  restartLabel: string
  status: SaveStatus
  onSave: () => void
  onRestart: () => void
}) {
  return (
    <div className="flex shrink-0 flex-col gap-3 sm:flex-row sm:items-center">
      <button type="button" onClick={onRestart} className={buttonClasses('secondary')}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-slate-500">
          <path
            fillRule="evenodd"
            d="M15.3 4.7A7 7 0 0 0 3.05 8.5a.75.75 0 1 0 1.46.34 5.5 5.5 0 0 1 9.5-2.5l-1.72.03a.75.75 0 0 0 .03 1.5l3.5-.06a.75.75 0 0 0 .73-.75V3.5a.75.75 0 0 0-1.5 0v1.2ZM4.7 15.3A7 7 0 0 0 16.95 11.5a.75.75 0 1 0-1.46-.34 5.5 5.5 0 0 1-9.5 2.5l1.72-.03a.75.75 0 0 0-.03-1.5l-3.5.06a.75.75 0 0 0-.73.75v3.56a.75.75 0 0 0 1.5 0v-1.2Z"
            clipRule="evenodd"
          />
        </svg>
        {restartLabel}
      </button>
      {status === 'saved' ? (
        <>
          <button type="button" disabled className={buttonClasses('primary')}>
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
            Saved
          </button>
          <Link to={paths.history} className={buttonClasses('ghost')}>
            View My Profile
          </Link>
        </>
      ) : (
        <button
          type="button"
          onClick={onSave}
          disabled={status === 'saving'}
          className={buttonClasses('primary')}
        >
          {status === 'saving' && <ButtonSpinner />}
          {status === 'saving' ? 'Saving...' : saveLabel}
        </button>
      )}
    </div>
  )
}
