import { describe, expect, test } from 'vitest'
import { PREVUE_DIMENSIONS, type PrevueScores } from '@app/domain/prevue'
import {
  boxesIntersect,
  densityCells,
  mapPosition,
  placeLabels,
  spreadDots,
} from '../../src/lib/team-map-layout.ts'

const at = (dScore: number, iScore: number, sScore: number, cScore: number) =>
  mapPosition({ assessmentType: 'disc', dScore, iScore, sScore, cScore, primaryType: 'D' })!

describe('team map placement', () => {
  test('each style pulls towards its quadrant: D top left, I top right, S bottom right, C bottom left', () => {
    const d = at(100, 0, 0, 0)
    expect(d.x).toBeLessThan(0)
    expect(d.y).toBeGreaterThan(0)
    expect(Math.hypot(d.x, d.y)).toBeCloseTo(1)
    expect(at(0, 90, 10, 0).x).toBeGreaterThan(0)
    expect(at(0, 90, 10, 0).y).toBeGreaterThan(0)
    expect(at(0, 0, 80, 0).y).toBeLessThan(0)
    expect(at(0, 0, 0, 80).x).toBeLessThan(0)
  })

  test('a balanced or empty profile sits at the centre, and nobody leaves the circle', () => {
    expect(at(50, 50, 50, 50)).toMatchObject({ x: 0, y: 0, derived: false })
    expect(at(0, 0, 0, 0)).toMatchObject({ x: 0, y: 0 })
    const cases: Array<[number, number, number, number]> = [
      [100, 100, 0, 0],
      [70, 20, 5, 90],
    ]
    for (const [d, i, s, c] of cases) {
      const point = at(d, i, s, c)
      expect(Math.hypot(point.x, point.y)).toBeLessThanOrEqual(1)
    }
  })

  test('density cells are read row-major from the top left, in the circle’s scale, empty cells skipped', () => {
    const half = Math.SQRT1_2
    expect(densityCells({ size: 2, cells: [0, 4, 2, 0] })).toEqual([
      { x: 0, y: half, size: half, share: 1, count: 4 },
      { x: -half, y: 0, size: half, share: 0.5, count: 2 },
    ])
    expect(densityCells({ size: 2, cells: [0, 0, 0, 0] })).toEqual([])
  })
})

/** A repeatable spread of people, half of them crowded near the centre as balanced teams are. */
function crowd(count: number) {
  let seed = 7
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
  return Array.from({ length: count }, (_, index) => {
    const radius = index % 2 === 0 ? random() * 0.15 : random() * 0.95
    const angle = random() * 2 * Math.PI
    return {
      id: index + 1,
      x: radius * Math.cos(angle),
      y: radius * Math.sin(angle),
      text: `Person number ${index + 1}`,
    }
  })
}

describe('team map dots and names at real team sizes', () => {
  test('a Prevue profile is placed by its derived reading and marked derived; one without a result is not placed', () => {
    const scoresData = Object.fromEntries(
      PREVUE_DIMENSIONS.map((dimension) => [dimension, 5.5]),
    ) as PrevueScores
    Object.assign(scoresData, { reservedOutgoing: 10, introvertExtrovert: 10, workingWithPeople: 10 })
    const prevue = {
      assessmentType: 'prevue' as const,
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
    }
    const point = mapPosition({ ...prevue, scoresData })!
    expect(point).toMatchObject({ derived: true, primaryType: 'I' })
    expect(point.x).toBeGreaterThan(0)
    expect(point.y).toBeGreaterThan(0)
    expect(mapPosition({ ...prevue, scoresData: null })).toBeNull()
  })

  test('dots with the same place are spread so none covers another', () => {
    const same = Array.from({ length: 15 }, (_, index) => ({ id: index, x: 0, y: 0 }))
    const spread = spreadDots(same, 0.07)
    for (const [index, dot] of spread.entries())
      for (const other of spread.slice(index + 1))
        expect(Math.hypot(dot.x - other.x, dot.y - other.y)).toBeGreaterThanOrEqual(0.07 - 1e-9)
    expect(spread.every((dot) => Math.hypot(dot.x, dot.y) <= 1.1)).toBe(true)
  })

  test.each([15, 50, 500])(
    'with %i people no two names overlap, none touches another dot or leaves the map',
    (count) => {
      const dots = crowd(count)
      const spread = spreadDots(dots, 0.074)
      const labels = placeLabels(
        spread.map((dot, index) => ({ ...dot, text: dots[index]!.text })),
        {
          width: (text) => text.length * 0.036,
          fontSize: 0.06,
          dotRadius: 0.05,
          bounds: { left: -1.2, top: -1.2, right: 1.2, bottom: 1.2 },
        },
      )
      // Where the dots fill the circle there is no room for names: they show on hover and focus instead.
      if (count <= 50) expect(labels.length).toBeGreaterThan(8)
      for (const [index, label] of labels.entries()) {
        expect(label.box.left).toBeGreaterThanOrEqual(-1.2)
        expect(label.box.right).toBeLessThanOrEqual(1.2)
        for (const other of labels.slice(index + 1)) expect(boxesIntersect(label.box, other.box)).toBe(false)
        for (const dot of spread)
          if (dot.id !== label.id)
            expect(
              boxesIntersect(label.box, {
                left: dot.x - 0.05,
                right: dot.x + 0.05,
                top: dot.y - 0.05,
                bottom: dot.y + 0.05,
              }),
            ).toBe(false)
      }
    },
  )
})
