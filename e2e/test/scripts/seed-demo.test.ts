import { describe, expect, it } from 'vitest'
import { generatedPassword } from '@app/domain/passwords'
import { DEMO_TEAM, demoUsername, seedDemoTeam } from '../../../scripts/seed-demo.ts'
import { ApiSession } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()

describe('npm run seed:demo', () => {
  it('loads the demo team through the public API: each with both assessments and a password to change', async () => {
    const { product } = fixture
    const first = await seedDemoTeam(product.url, product.administrator)
    expect(first.created).toHaveLength(DEMO_TEAM.length)
    expect(first.assessmentsSaved).toBe(DEMO_TEAM.length * 2)

    const profiles = (await fixture.administrator.call('GET', '/api/assessments')).body as Array<{
      userId: number
      name: string
      assessmentType: string
    }>
    const users = (await fixture.administrator.call('GET', '/api/admin/users')).body as Array<{
      id: number
      username: string
      mustChangePassword: boolean
    }>
    const maya = DEMO_TEAM[0]!
    const mayaUser = users.find((user) => user.username === demoUsername(maya))!
    expect(mayaUser.mustChangePassword).toBe(true)
    expect(
      profiles
        .filter((profile) => profile.userId === mayaUser.id)
        .map((profile) => profile.assessmentType)
        .sort(),
    ).toEqual(['disc', 'prevue'])

    // The generated password opens the account, which must choose its own before anything else.
    const session = new ApiSession(product.url)
    const login = await session.call('POST', '/api/auth/login', {
      username: demoUsername(maya),
      password: generatedPassword(maya.firstName, maya.lastName, 'lower'),
    })
    expect(login.status).toBe(200)
    expect((login.body as { mustChangePassword: boolean }).mustChangePassword).toBe(true)
    expect((await session.call('GET', '/api/assessments')).status).toBe(403)

    // A second run adds nothing.
    const second = await seedDemoTeam(product.url, product.administrator)
    expect(second).toEqual({ created: [], existing: DEMO_TEAM.map(demoUsername), assessmentsSaved: 0 })
    expect(((await fixture.administrator.call('GET', '/api/assessments')).body as unknown[]).length).toBe(
      profiles.length,
    )
  }, 120_000)
})
