import type { DiscType } from '@app/domain/disc'
import { discPositionOf, discWheelPoint, type ProfileResult } from '@app/domain/profile-scores'

/**
 * A profile's place on the circle, inside the unit disc (x right, y up): D top left, I top right, S bottom
 * right, C bottom left, each score pulling toward its side, so someone all D sits at D's edge and someone
 * balanced near the centre. A Prevue profile is placed by the reading derived from its result, and says so
 * (docs/decisions/028-prevue-shown-as-prevue.md); one without a result has no place (null).
 */
export function mapPosition(
  profile: ProfileResult,
): { x: number; y: number; primaryType: DiscType; derived: boolean } | null {
  const position = discPositionOf(profile)
  if (!position) return null
  // The service grids the square [-1, 1]²; scaled by 1/√2 a pure style sits on the circle's edge.
  const point = discWheelPoint(position.scores)
  return {
    x: point.x * Math.SQRT1_2,
    y: point.y * Math.SQRT1_2,
    primaryType: position.primaryType,
    derived: position.derived,
  }
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

/** A box in the SVG's coordinates (y down). */
export type Box = { left: number; top: number; right: number; bottom: number }

export const boxesIntersect = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/** Where a dot is drawn, in the SVG's coordinates (y down), after moving it off any dot it would cover. */
export type PlacedDot = { id: number; x: number; y: number }

/**
 * Moves dots that would cover each other (people with the same or nearly the same scores) onto rings around
 * their place, so that every dot can be seen, hovered and clicked. Dots are taken in the given order; a dot
 * already free stays where its scores put it.
 */
export function spreadDots(
  points: ReadonlyArray<{ id: number; x: number; y: number }>,
  minDistance: number,
  maxRadius = 1.1,
): PlacedDot[] {
  const placed: PlacedDot[] = []
  // Dots by grid cell of side minDistance: a dot can only be too close to those of the 9 cells around it.
  const grid = new Map<string, PlacedDot[]>()
  const cellOf = (value: number) => Math.floor(value / minDistance)
  const free = (x: number, y: number) => {
    if (Math.hypot(x, y) > maxRadius) return false
    for (let column = cellOf(x) - 1; column <= cellOf(x) + 1; column += 1)
      for (let row = cellOf(y) - 1; row <= cellOf(y) + 1; row += 1)
        for (const other of grid.get(`${column}:${row}`) ?? [])
          if (Math.hypot(other.x - x, other.y - y) < minDistance) return false
    return true
  }
  for (const point of points) {
    let spot = { x: point.x, y: point.y }
    // A spot beyond `maxRadius` is never taken; with no free spot in reach the dot keeps its own place.
    search: for (let ring = 1; !free(spot.x, spot.y) && ring * minDistance < 2 * maxRadius; ring += 1) {
      const steps = 6 * ring
      for (let step = 0; step < steps; step += 1) {
        const angle = (2 * Math.PI * step) / steps
        const candidate = {
          x: point.x + Math.cos(angle) * ring * minDistance,
          y: point.y + Math.sin(angle) * ring * minDistance,
        }
        if (free(candidate.x, candidate.y)) {
          spot = candidate
          break search
        }
      }
    }
    const dot = { id: point.id, ...spot }
    placed.push(dot)
    const key = `${cellOf(dot.x)}:${cellOf(dot.y)}`
    grid.set(key, [...(grid.get(key) ?? []), dot])
  }
  return placed
}

export type PlacedLabel = {
  id: number
  x: number
  y: number
  anchor: 'start' | 'middle' | 'end'
  box: Box
}

/**
 * Names beside dots, never over one another nor over another dot, and inside `bounds`: each label tries the
 * right, the left, above and below its dot, in that order, and is left out when none is free (its name then
 * shows on hover and keyboard focus). `width` gives a text's width in the SVG's units; labels are placed in
 * the given order, so the people that matter most (the picked ones) go first.
 */
export function placeLabels(
  dots: ReadonlyArray<PlacedDot & { text: string }>,
  options: { width: (text: string) => number; fontSize: number; dotRadius: number; bounds: Box },
): PlacedLabel[] {
  const { width, fontSize, dotRadius, bounds } = options
  const height = fontSize * 1.25
  const gap = dotRadius * 0.6
  const dotBoxes = dots.map((dot) => ({
    id: dot.id,
    box: {
      left: dot.x - dotRadius,
      right: dot.x + dotRadius,
      top: dot.y - dotRadius,
      bottom: dot.y + dotRadius,
    },
  }))
  const placed: PlacedLabel[] = []
  for (const dot of dots) {
    const textWidth = width(dot.text)
    const candidates: Array<{ anchor: PlacedLabel['anchor']; left: number; top: number }> = [
      { anchor: 'start', left: dot.x + dotRadius + gap, top: dot.y - height / 2 },
      { anchor: 'end', left: dot.x - dotRadius - gap - textWidth, top: dot.y - height / 2 },
      { anchor: 'middle', left: dot.x - textWidth / 2, top: dot.y - dotRadius - gap - height },
      { anchor: 'middle', left: dot.x - textWidth / 2, top: dot.y + dotRadius + gap },
    ]
    for (const candidate of candidates) {
      const box = {
        left: candidate.left,
        top: candidate.top,
        right: candidate.left + textWidth,
        bottom: candidate.top + height,
      }
      const inside =
        box.left >= bounds.left &&
        box.right <= bounds.right &&
        box.top >= bounds.top &&
        box.bottom <= bounds.bottom
      if (!inside) continue
      if (placed.some((label) => boxesIntersect(label.box, box))) continue
      if (dotBoxes.some((other) => other.id !== dot.id && boxesIntersect(other.box, box))) continue
      const x = candidate.anchor === 'start' ? box.left : candidate.anchor === 'end' ? box.right : dot.x
      // The baseline sits a fifth of the line above the box's bottom, below which descenders fall.
      placed.push({ id: dot.id, x, y: box.bottom - height * 0.25, anchor: candidate.anchor, box })
      break
    }
  }
  return placed
}
