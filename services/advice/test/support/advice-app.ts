import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { createServiceClient } from '@app/kit/service-client'
import { createEmbeddedDependencies, identityHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { buildApp as buildProfiles } from '@app/profiles/app'
import { testConfig } from '@app/kit/testing/config'
import type { z } from 'zod'
import { buildApp, type AdviceOptions } from '../../src/app.ts'
import { adviceEnvSchema } from '../../src/config.ts'

const identity = (userId: number, role: Identity['role'], username: string): Identity => ({
  userId,
  role,
  username,
  mustChangePassword: false,
})
export const ada = identity(12, 'standard', 'ada@example.com')
export const grace = identity(13, 'standard', 'grace@example.com')
export const administrator = identity(1, 'administrator', 'admin@example.com')

/**
 * The advice service with a real profiles service on loopback behind it, as in production: profiles
 * decides who may see what, and advice reaches it through the kit's client with its own key.
 */
export function useAdviceService(
  settings: () => Partial<z.input<typeof adviceEnvSchema>> = () => ({}),
  extra: () => Pick<AdviceOptions, 'logger'> = () => ({}),
) {
  const context = {} as {
    advice: Awaited<ReturnType<typeof buildApp>>
    profiles: Awaited<ReturnType<typeof buildProfiles>>
    close: Array<() => Promise<void>>
  }
  beforeEach(async () => {
    context.close = []
    const profileDependencies = await createEmbeddedDependencies('profiles')
    context.profiles = await buildProfiles(profileDependencies)
    await context.profiles.listen({ port: 0, host: '127.0.0.1' })
    const { port } = context.profiles.server.address() as AddressInfo
    const dependencies = await createEmbeddedDependencies('advice')
    context.advice = await buildApp({
      ...dependencies,
      clients: {
        profiles: createServiceClient({
          caller: 'advice',
          target: 'profiles',
          baseUrl: `http://127.0.0.1:${port}`,
          privateKey: TEST_KEYS.advice.privateKey,
        }),
      },
      config: testConfig('advice', adviceEnvSchema, settings()),
      ...extra(),
    })
    context.close.push(
      () => context.advice.close(),
      () => dependencies.close(),
      () => context.profiles.close(),
      () => profileDependencies.close(),
    )
  })
  afterEach(async () => {
    for (const close of context.close) await close()
  })

  /** Saves a DISC profile as `owner` and answers its id. */
  const saveProfile = async (
    owner: Identity,
    name: string,
    scores = { dScore: 75, iScore: 50, sScore: 25, cScore: 10 },
  ) => {
    const response = await context.profiles.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: identityHeaders('profiles', owner),
      payload: { assessmentType: 'disc', name, ...scores },
    })
    if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(response.body)
    return (response.json() as { id: number }).id
  }
  const ask = (caller: Identity, url: string, payload: object) =>
    context.advice.inject({ method: 'POST', url, headers: identityHeaders('advice', caller), payload })
  return { context, saveProfile, ask }
}

/** The events of a server-sent-events body. */
export function eventsOf(body: string): Array<Record<string, unknown>> {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as Record<string, unknown>)
}
