import { afterEach, beforeEach, expect } from 'vitest'
import { PREVUE_DIMENSIONS } from '@app/domain/prevue'
import type { Identity } from '@app/kit/identity'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../../src/app.ts'

/** A fresh profiles service on embedded stores for each test. */
export function useProfilesService() {
  const context = {} as {
    app: Awaited<ReturnType<typeof buildApp>>
    dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
  }
  beforeEach(async () => {
    context.dependencies = await createEmbeddedDependencies('profiles')
    context.app = await buildApp(context.dependencies)
  })
  afterEach(async () => {
    await context.app.close()
    await context.dependencies.close()
  })
  return context
}

/** Saves an assessment as `caller` through the page's call, expecting it stored (201); answers its id. */
export async function saveAs(
  context: ReturnType<typeof useProfilesService>,
  caller: Identity,
  body: object,
): Promise<number> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as(caller),
    payload: body,
  })
  expect(response.statusCode).toBe(201)
  return (response.json() as { id: number }).id
}

const identity = (userId: number, role: Identity['role'], username: string): Identity => ({
  userId,
  role,
  username,
  mustChangePassword: false,
})

export const ada = identity(12, 'standard', 'ada@example.com')
export const grace = identity(13, 'standard', 'grace@example.com')
export const administrator = identity(1, 'administrator', 'admin@example.com')
export const guest = identity(20, 'guest_standard', 'guest@example.com')

export function as(caller: Identity | null) {
  return identityHeaders('profiles', caller)
}

export const discScores = { dScore: 75, iScore: 50, sScore: 25, cScore: 0 }

/** A Prevue result with every dimension at `value` unless overridden. */
export function prevueScores(value = 5.5, overrides: Record<string, number> = {}) {
  return { ...Object.fromEntries(PREVUE_DIMENSIONS.map((dimension) => [dimension, value])), ...overrides }
}
