import { DISC_TYPES, type DiscType } from '@app/domain/disc'

type Scores = { dScore: number; iScore: number; sScore: number; cScore: number }

/**
 * Where each style pulls on the DISC circle, x right and y up: D top left, I top right, S bottom right,
 * C bottom left (unit vectors on the diagonals).
 */
const PULL: Record<DiscType, { x: number; y: number }> = {
  D: { x: -Math.SQRT1_2, y: Math.SQRT1_2 },
  I: { x: Math.SQRT1_2, y: Math.SQRT1_2 },
  S: { x: Math.SQRT1_2, y: -Math.SQRT1_2 },
  C: { x: -Math.SQRT1_2, y: -Math.SQRT1_2 },
}

/**
 * A profile's place on the circle, inside the unit disc: the score-weighted mean of the four pulls, so
 * someone all D sits at D's edge and someone balanced near the centre.
 */
export function mapPosition(profile: Scores): { x: number; y: number } {
  const scores: Record<DiscType, number> = {
    D: profile.dScore,
    I: profile.iScore,
    S: profile.sScore,
    C: profile.cScore,
  }
  const total = DISC_TYPES.reduce((sum, type) => sum + Math.max(0, scores[type]), 0)
  if (total === 0) return { x: 0, y: 0 }
  return DISC_TYPES.reduce(
    (point, type) => ({
      x: point.x + (PULL[type].x * Math.max(0, scores[type])) / total,
      y: point.y + (PULL[type].y * Math.max(0, scores[type])) / total,
    }),
    { x: 0, y: 0 },
  )
}

export type DensityCell = { x: number; y: number; size: number; share: number; count: number }

/**
 * The density grid (`size` × `size`, row-major, row 0 at the top) as squares, each with its share of the
 * busiest cell, skipping empty cells. The service grids the square [-1, 1]² of the unscaled pulls (a pure D
 * profile at its corner); `mapPosition` scales those by 1/√2 into the circle, and so are the cells here.
 */
export function densityCells(density: { size: number; cells: readonly number[] }): DensityCell[] {
  const { size, cells } = density
  if (size <= 0) return []
  const busiest = Math.max(0, ...cells)
  if (busiest === 0) return []
  const side = 2 / size
  return cells.flatMap((count, index) => {
    if (count <= 0) return []
    const row = Math.floor(index / size)
    const column = index % size
    return [
      {
        x: (-1 + column * side) * Math.SQRT1_2,
        y: (1 - row * side) * Math.SQRT1_2,
        size: side * Math.SQRT1_2,
        share: count / busiest,
        count,
      },
    ]
  })
}

/** The spec's colours, as SVG fills: D red, I amber, S green, C blue. */
export const STYLE_FILLS: Record<DiscType, string> = {
  D: '#dc2626',
  I: '#f59e0b',
  S: '#059669',
  C: '#2563eb',
}
