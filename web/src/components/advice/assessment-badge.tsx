import type { AssessmentType } from '@app/contracts/profiles'

const BADGES = {
  disc: { label: 'DISC', classes: 'bg-indigo-50 text-indigo-800 ring-indigo-200' },
  prevue: { label: 'PREVUE', classes: 'bg-teal-50 text-teal-800 ring-teal-200' },
} as const

/** The assessment type badge beside a profile's name. */
export function AssessmentBadge({ type }: { type: AssessmentType }) {
  const badge = BADGES[type]
  return (
    <span
      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ${badge.classes}`}
    >
      {badge.label}
    </span>
  )
}
