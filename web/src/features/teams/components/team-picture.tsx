import type { AccessibleProfile } from '@app/contracts/profiles'
import { DISC_STYLES } from '@app/domain/content/disc-styles'
import { DISC_TYPES } from '@app/domain/disc'
import { useMemo } from 'react'
import { mapPosition, placeLabels, spreadDots, STYLE_FILLS, type Box } from '../../../lib/team-map-layout.ts'
import { memberName } from '../team-member.ts'
import { MapQuadrants } from '../../../components/team/map-quadrants.tsx'

const FONT_SIZE = 0.06
const DOT_RADIUS = 0.035
const BOUNDS: Box = { left: -1.2, top: -1.2, right: 1.2, bottom: 1.2 }
/** Names are written beside dots up to this many people; a larger team is a picture of where people sit. */
const LABELS_UP_TO = 40

/**
 * The team map as a picture: the DISC circle of Collaborate's map (its layout, lib/team-map-layout.ts) with
 * one dot per member, a ring for a style derived from a Prevue result, names where they fit. One image with
 * its words beside it: the composition and the list of members say the same for a screen reader.
 */
export function TeamPicture({ members, label }: { members: readonly AccessibleProfile[]; label: string }) {
  const dots = useMemo(() => {
    // In the SVG's coordinates (y down), spread so that no dot hides another.
    const placed = members.flatMap((member) => {
      const position = mapPosition(member)
      return position
        ? [{ member, x: position.x, y: -position.y, derived: position.derived, type: position.primaryType }]
        : []
    })
    const spread = spreadDots(
      placed.map((dot) => ({ id: dot.member.id, x: dot.x, y: dot.y })),
      2 * DOT_RADIUS + 0.01,
    )
    return placed.map((dot, index) => ({ ...dot, x: spread[index]!.x, y: spread[index]!.y }))
  }, [members])
  const labels = useMemo(() => {
    if (dots.length > LABELS_UP_TO) return []
    return placeLabels(
      dots.map((dot) => ({ id: dot.member.id, x: dot.x, y: dot.y, text: memberName(dot.member) })),
      {
        width: (text) => text.length * FONT_SIZE * 0.62,
        fontSize: FONT_SIZE,
        dotRadius: DOT_RADIUS,
        bounds: BOUNDS,
      },
    )
  }, [dots])
  const names = new Map(dots.map((dot) => [dot.member.id, memberName(dot.member)]))

  return (
    <svg
      viewBox="-1.2 -1.2 2.4 2.4"
      role="img"
      aria-label={label}
      className="h-auto w-full"
      data-testid="team-picture"
    >
      <MapQuadrants />
      {dots.map((dot) => (
        <circle
          key={dot.member.id}
          cx={dot.x}
          cy={dot.y}
          r={DOT_RADIUS}
          fill={dot.derived ? '#ffffff' : STYLE_FILLS[dot.type]}
          stroke={dot.derived ? STYLE_FILLS[dot.type] : '#ffffff'}
          strokeWidth={dot.derived ? 0.016 : 0.008}
        />
      ))}
      {labels.map((placed) => (
        <text
          key={placed.id}
          x={placed.x}
          y={placed.y}
          textAnchor={placed.anchor}
          fontSize={FONT_SIZE}
          fill="#334155"
        >
          {names.get(placed.id)}
        </text>
      ))}
    </svg>
  )
}

/** The picture's words: how many people lead with each style. */
export function compositionText(composition: Record<(typeof DISC_TYPES)[number], number>): string {
  return DISC_TYPES.map((type) => `${DISC_STYLES[type].name} ${composition[type]}`).join(', ')
}
