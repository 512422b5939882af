import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { USERS_CREATED } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { verifyPassword } from '../src/passwords.ts'
import { createUsersRepository } from '../src/repositories/users-repository.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
let published: EventEnvelope[]
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies('auth')
  published = []
  await dependencies.bus.subscribe(USERS_CREATED, async (event) => void published.push(event), {
    group: 'test-observer',
  })
})
afterEach(async () => {
  await dependencies.close()
})

describe('the first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, hashed with argon2id, and announced as an event', async () => {
    const announced: string[] = []
    await buildApp({
      ...dependencies,
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'correct horse battery',
      }),
      announce: (text) => announced.push(text),
    })
    const users = await createUsersRepository(dependencies.store, dependencies.kv)
    const admin = await users.findByUsername('BOSS@example.com')
    expect(admin).toMatchObject({
      role: 'administrator',
      email: 'boss@example.com',
      mustChangePassword: false,
    })
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(admin!.passwordHash, 'correct horse battery')).toBe(true)
    expect(announced).toEqual([])
    await expect
      .poll(() => published.map((event) => event.data))
      .toEqual([
        {
          id: admin!.id,
          username: 'boss@example.com',
          email: 'boss@example.com',
          firstName: 'Support',
          lastName: 'Administrator',
          name: 'Support Administrator',
          role: 'administrator',
        },
      ])
  })

  it('gets a generated password, shown once, that must be changed at the first login', async () => {
    const announced: string[] = []
    const options = {
      ...dependencies,
      config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }),
      announce: (text: string) => announced.push(text),
    }
    await buildApp(options)
    await buildApp(options)
    expect(announced).toHaveLength(1)
    const password = /password: (\S+)/.exec(announced[0]!)![1]!
    const admin = await (
      await createUsersRepository(dependencies.store, dependencies.kv)
    ).findByUsername('admin@localhost')
    expect(admin?.mustChangePassword).toBe(true)
    expect(await verifyPassword(admin!.passwordHash, password)).toBe(true)
    expect(JSON.stringify(admin)).not.toContain(password)
  })
})
