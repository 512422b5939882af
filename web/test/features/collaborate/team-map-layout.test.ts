import { describe, expect, test } from 'vitest'
import { densityCells, mapPosition } from '../../../src/features/collaborate/team-map-layout.ts'

const at = (dScore: number, iScore: number, sScore: number, cScore: number) =>
  mapPosition({ dScore, iScore, sScore, cScore })

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
    expect(at(50, 50, 50, 50)).toEqual({ x: 0, y: 0 })
    expect(at(0, 0, 0, 0)).toEqual({ x: 0, y: 0 })
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
