import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentProps } from 'react'
import { onFirstInteraction } from '../../../lib/first-interaction.ts'

const loadBlindSpots = () => import('./team-blind-spots.tsx')
const TeamBlindSpots = lazy(async () => ({ default: (await loadBlindSpots()).TeamBlindSpots }))

/**
 * The blind spots under the team map, with their rules: not part of Collaborate's first load (its budget,
 * docs/decisions/065-first-pages-without-zod.md). They load at the visitor's first interaction with the
 * page, or as soon as their place below the map comes into view, whichever is first.
 */
export function LaterTeamBlindSpots(props: ComponentProps<typeof TeamBlindSpots>) {
  const [wanted, setWanted] = useState(false)
  const headingId = useId()
  const place = useRef<HTMLElement>(null)
  useEffect(() => {
    if (wanted) return
    const want = () => setWanted(true)
    const stop = onFirstInteraction(want)
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want()
    })
    if (place.current) seen.observe(place.current)
    return () => {
      stop()
      seen.disconnect()
    }
  }, [wanted])
  // Their heading holds the place, so that reading or scrolling down to it brings them.
  const waiting = (
    <section ref={place} aria-labelledby={headingId} className="mt-6 min-h-24 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Blind spots of the people shown
      </h3>
      <p className="mt-2 text-sm text-slate-500">Loading…</p>
    </section>
  )
  if (!wanted) return waiting
  return (
    <Suspense fallback={waiting}>
      <TeamBlindSpots {...props} />
    </Suspense>
  )
}
