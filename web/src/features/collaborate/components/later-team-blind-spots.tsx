import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react'
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
  const place = useRef<HTMLDivElement>(null)
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
  const waiting = <div ref={place} className="mt-6 min-h-24 border-t border-slate-100 pt-4" />
  if (!wanted) return waiting
  return (
    <Suspense fallback={waiting}>
      <TeamBlindSpots {...props} />
    </Suspense>
  )
}
