import { STYLE_FILLS } from '../../lib/team-map-layout.ts'

/** The four quarters of the DISC circle, each in its style's colour, on a circle of radius 1 at the origin. */
const QUADRANTS = [
  { type: 'D', path: 'M0 0 L-1 0 A1 1 0 0 1 0 -1 Z', label: { x: -0.55, y: -0.5 } },
  { type: 'I', path: 'M0 0 L0 -1 A1 1 0 0 1 1 0 Z', label: { x: 0.55, y: -0.5 } },
  { type: 'S', path: 'M0 0 L1 0 A1 1 0 0 1 0 1 Z', label: { x: 0.55, y: 0.62 } },
  { type: 'C', path: 'M0 0 L0 1 A1 1 0 0 1 -1 0 Z', label: { x: -0.55, y: 0.62 } },
] as const

/** The background of a team map (Collaborate's and the Teams page's picture): decoration, hidden from readers. */
export function MapQuadrants() {
  return QUADRANTS.map((quadrant) => (
    <g key={quadrant.type} aria-hidden="true">
      <path
        d={quadrant.path}
        fill={STYLE_FILLS[quadrant.type]}
        fillOpacity="0.08"
        stroke="#cbd5e1"
        strokeWidth="0.006"
      />
      <text
        x={quadrant.label.x}
        y={quadrant.label.y}
        textAnchor="middle"
        fontSize="0.22"
        fontWeight="700"
        fill={STYLE_FILLS[quadrant.type]}
        fillOpacity="0.35"
      >
        {quadrant.type}
      </text>
    </g>
  ))
}
