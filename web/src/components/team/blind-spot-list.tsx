import type { TeamReading } from '@app/domain/team-blind-spots'

/**
 * A team's blind spots in plain words, each with what to do about it: the rules of packages/domain, the
 * same as the team report's, shown on Collaborate's map and on the Teams page.
 */
export function BlindSpotList({ reading }: { reading: TeamReading }) {
  return (
    <ul className="mt-2 space-y-3 text-sm">
      {reading.blindSpots.map((spot) => (
        <li key={`${spot.kind}-${spot.styles.join('')}`}>
          <p className="font-medium text-slate-900">{spot.text}</p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {spot.actions.map((action) => (
              <li key={action}>{action}</li>
            ))}
          </ul>
        </li>
      ))}
      {reading.blindSpots.length === 0 && (
        <li className="text-slate-700">Every style is present, and none outweighs the others.</li>
      )}
    </ul>
  )
}
