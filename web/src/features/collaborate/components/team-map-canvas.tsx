import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { profileLabel, type PickedProfile } from '../picked-profile.ts'
import {
  mapPosition,
  placeLabels,
  spreadDots,
  STYLE_FILLS,
  type Box,
  type PlacedLabel,
} from '../../../lib/team-map-layout.ts'
import type { PickTarget } from './team-map.tsx'
import { MapQuadrants } from '../../../components/team/map-quadrants.tsx'

const FONT_SIZE = 0.06
const DOT_RADIUS = 0.032
const PICKED_RADIUS = 0.05
/** The SVG's own area: labels stay inside it, so none is cut off at the edge. */
const BOUNDS: Box = { left: -1.2, top: -1.2, right: 1.2, bottom: 1.2 }
/** Names are written beside dots up to this many people; beyond it only on hover and keyboard focus. */
const LABELS_UP_TO = 60

/** A text's width in the SVG's units, measured in the page's font (an estimate where canvas is missing). */
function useTextWidth(): (text: string) => number {
  return useMemo(() => {
    const context = document.createElement('canvas').getContext('2d')
    if (context) context.font = `100px ${getComputedStyle(document.body).fontFamily}`
    // A little over the measured width, so a label's real box always lies inside the one it was given.
    return (text: string) =>
      context ? (context.measureText(text).width / 100) * FONT_SIZE * 1.06 : text.length * FONT_SIZE * 0.62
  }, [])
}

export type MapDot = {
  person: PickedProfile
  x: number
  y: number
  derived: boolean
  primaryType: keyof typeof STYLE_FILLS
}

/**
 * The circle with one dot per person: placed by scores (a Prevue person by the derived reading, drawn as a
 * ring), spread so no dot hides another, and named beside the dot where a name fits without touching
 * another. The dots are one keyboard stop: arrow keys move between people in name order, Enter or Space
 * picks, and the focused or hovered person's name is shown.
 */
export function TeamMapCanvas({
  people,
  selectedA,
  selectedB,
  target,
  onPick,
  labelledBy,
  clipId,
  cells,
}: {
  people: readonly PickedProfile[]
  selectedA: PickedProfile | null
  selectedB: PickedProfile | null
  target: PickTarget
  onPick: (profile: PickedProfile, as: PickTarget) => void
  labelledBy: string
  clipId: string
  cells: ReadonlyArray<{ x: number; y: number; size: number; share: number }>
}) {
  const textWidth = useTextWidth()
  const [active, setActive] = useState(0)
  const [shown, setShown] = useState<number | null>(null)
  const dotRefs = useRef(new Map<number, SVGGElement>())

  const dots = useMemo(() => placedDots(people, selectedA, selectedB), [people, selectedA, selectedB])
  const labels = useMemo(() => {
    if (dots.length > LABELS_UP_TO) return new Map<number, PlacedLabel>()
    const placed = placeLabels(
      dots.map((dot) => ({ id: dot.person.id, x: dot.x, y: dot.y, text: profileLabel(dot.person) })),
      { width: textWidth, fontSize: FONT_SIZE, dotRadius: PICKED_RADIUS, bounds: BOUNDS },
    )
    return new Map(placed.map((label) => [label.id, label]))
  }, [dots, textWidth])
  const inNameOrder = useMemo(
    () => [...dots].sort((a, b) => profileLabel(a.person).localeCompare(profileLabel(b.person))),
    [dots],
  )
  const current = Math.min(active, Math.max(0, inNameOrder.length - 1))

  function moveTo(index: number) {
    const next = (index + inNameOrder.length) % inNameOrder.length
    setActive(next)
    dotRefs.current.get(inNameOrder[next]!.person.id)?.focus()
  }

  function onKeyDown(event: KeyboardEvent, index: number, person: PickedProfile) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }
    if (event.key in moves) moveTo(index + moves[event.key]!)
    else if (event.key === 'Home') moveTo(0)
    else if (event.key === 'End') moveTo(inNameOrder.length - 1)
    else if (event.key === 'Enter' || event.key === ' ') onPick(person, target)
    else return
    event.preventDefault()
  }

  const shownDot = shown === null || labels.has(shown) ? null : dots.find((dot) => dot.person.id === shown)

  return (
    <svg
      viewBox="-1.2 -1.2 2.4 2.4"
      role="group"
      aria-labelledby={labelledBy}
      className="h-auto w-full"
      data-testid="team-map"
    >
      <defs>
        <clipPath id={clipId}>
          <circle cx="0" cy="0" r="1" />
        </clipPath>
      </defs>
      <MapQuadrants />
      <g clipPath={`url(#${clipId})`} aria-hidden="true">
        {cells.map((cell, index) => (
          <rect
            key={index}
            x={cell.x}
            y={-cell.y}
            width={cell.size}
            height={cell.size}
            fill="#4338ca"
            fillOpacity={0.06 + 0.4 * cell.share}
          />
        ))}
      </g>
      {inNameOrder.map((dot, index) => {
        const { person } = dot
        const pickedAs = person.id === selectedA?.id ? 'A' : person.id === selectedB?.id ? 'B' : null
        const fill = STYLE_FILLS[dot.primaryType]
        const style = `${DISC_STYLE_NAMES[dot.primaryType]}${dot.derived ? ', derived from a Prevue result' : ''}`
        const label = labels.get(person.id)
        return (
          <g
            key={person.id}
            ref={(element) => {
              if (element) dotRefs.current.set(person.id, element)
              else dotRefs.current.delete(person.id)
            }}
            data-profile-id={person.id}
            data-derived={dot.derived || undefined}
            role="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={`${profileLabel(person)}: ${style}. Pick as Profile ${target}`}
            aria-pressed={pickedAs !== null}
            className="cursor-pointer outline-none"
            onClick={() => onPick(person, target)}
            onKeyDown={(event) => onKeyDown(event, index, person)}
            onFocus={() => {
              setActive(index)
              setShown(person.id)
            }}
            onBlur={() => setShown((id) => (id === person.id ? null : id))}
            onMouseEnter={() => setShown(person.id)}
            onMouseLeave={() => setShown((id) => (id === person.id ? null : id))}
          >
            <title>{`${profileLabel(person)}: ${style}`}</title>
            {shown === person.id && (
              <circle
                cx={dot.x}
                cy={dot.y}
                r={PICKED_RADIUS + 0.02}
                fill="none"
                stroke="#4f46e5"
                strokeWidth="0.012"
              />
            )}
            <circle
              cx={dot.x}
              cy={dot.y}
              r={pickedAs ? PICKED_RADIUS : DOT_RADIUS}
              fill={dot.derived ? '#ffffff' : fill}
              stroke={pickedAs ? '#0f172a' : dot.derived ? fill : '#ffffff'}
              strokeWidth={pickedAs || dot.derived ? 0.016 : 0.008}
            />
            {pickedAs && (
              <text
                x={dot.x}
                y={dot.y + 0.018}
                textAnchor="middle"
                fontSize="0.05"
                fontWeight="700"
                fill={dot.derived ? '#0f172a' : '#ffffff'}
                pointerEvents="none"
              >
                {pickedAs}
              </text>
            )}
            {label && (
              <text
                x={label.x}
                y={label.y}
                textAnchor={label.anchor}
                fontSize={FONT_SIZE}
                fill="#334155"
                pointerEvents="none"
                data-map-label=""
              >
                {profileLabel(person)}
              </text>
            )}
          </g>
        )
      })}
      {shownDot && <HoverLabel dot={shownDot} width={textWidth(profileLabel(shownDot.person))} />}
    </svg>
  )
}

/** The name of the hovered or focused person, drawn last so it sits above the rest, inside the SVG. */
function HoverLabel({ dot, width }: { dot: MapDot; width: number }) {
  const height = FONT_SIZE * 1.5
  const padding = FONT_SIZE * 0.3
  const left = Math.min(BOUNDS.right - width - 2 * padding, Math.max(BOUNDS.left, dot.x + PICKED_RADIUS))
  const top = Math.max(BOUNDS.top, dot.y - PICKED_RADIUS - height)
  return (
    <g pointerEvents="none" aria-hidden="true" data-hover-label="">
      <rect
        x={left}
        y={top}
        width={width + 2 * padding}
        height={height}
        rx={FONT_SIZE * 0.25}
        fill="#ffffff"
        stroke="#94a3b8"
        strokeWidth="0.004"
      />
      <text x={left + padding} y={top + height * 0.72} fontSize={FONT_SIZE} fill="#0f172a">
        {profileLabel(dot.person)}
      </text>
    </g>
  )
}

/** Each placed person's dot, in SVG coordinates (y down); the picked people first, so they keep their place. */
function placedDots(
  people: readonly PickedProfile[],
  selectedA: PickedProfile | null,
  selectedB: PickedProfile | null,
): MapDot[] {
  const placed = people.flatMap((person) => {
    const position = mapPosition(person)
    return position
      ? [
          {
            person,
            x: position.x,
            y: -position.y,
            derived: position.derived,
            primaryType: position.primaryType,
          },
        ]
      : []
  })
  const picked = (dot: MapDot) => (dot.person.id === selectedA?.id || dot.person.id === selectedB?.id ? 0 : 1)
  const ordered = [...placed].sort((a, b) => picked(a) - picked(b))
  const spread = spreadDots(
    ordered.map((dot) => ({ id: dot.person.id, x: dot.x, y: dot.y })),
    2 * DOT_RADIUS + 0.01,
  )
  return ordered.map((dot, index) => ({ ...dot, x: spread[index]!.x, y: spread[index]!.y }))
}
