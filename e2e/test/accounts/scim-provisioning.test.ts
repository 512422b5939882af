import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiSession, saveDiscProfile } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { openPage, submitLogin, waitForPath } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'
import { startProduct, type RunningProduct } from '../../src/product.ts'
import { everywhere, shareWithGuest, tracesOf } from '../../src/deletion-traces.ts'
import { createScimToken, entraDisable, oktaSetActive, oktaUser, scimClient } from '../../src/scim.ts'

const fixture = useProduct()
let token: string | undefined
const scim = () => scimClient(fixture.product.url, () => token)

const scimError = (status: number) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
  status: String(status),
  detail: expect.any(String),
})

beforeAll(async () => {
  token = (await createScimToken(fixture.administrator, 'Okta')).token
})

describe('SCIM through the gateway (all-in-one)', () => {
  it('provisions a person who signs in; deactivation refuses their very next request and keeps their profile', async () => {
    const created = await scim()('POST', '/Users', oktaUser('robin.hale@example.test', 'Robin own pass 7'))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/)
    expect(created.body.meta.location).toBe(`${fixture.product.url}/scim/v2/Users/${created.body.id}`)

    const person = new ApiSession(fixture.product.url)
    await person.login('robin.hale@example.test', 'Robin own pass 7')
    const profileId = await saveDiscProfile(person, 'Robin Hale')
    await person.expect(200, 'GET', '/api/auth/me')

    const off = await scim()('PATCH', `/Users/${created.body.id}`, entraDisable)
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body.active).toBe(false)
    // The very next request of the session that was signed in is refused.
    expect((await person.call('GET', '/api/assessments')).status).toBe(401)
    const again = new ApiSession(fixture.product.url)
    const refused = await again.call('POST', '/api/auth/login', {
      username: 'robin.hale@example.test',
      password: 'Robin own pass 7',
    })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      message: 'This account has been deactivated. Please contact your administrator.',
    })
    expect(refused.setCookie).toBeUndefined()
    const everyone = (await fixture.administrator.expect(200, 'GET', '/api/all-profiles')) as Array<{
      id: number
    }>
    expect(everyone.map((profile) => profile.id)).toContain(profileId)

    const on = await scim()('PATCH', `/Users/${created.body.id}`, oktaSetActive(true))
    expect(on.body.active).toBe(true)
    await again.login('robin.hale@example.test', 'Robin own pass 7')
    const mine = (await again.expect(200, 'GET', '/api/assessments')) as Array<{ id: number }>
    expect(mine.map((profile) => profile.id)).toEqual([profileId])
  })

  it('in Chromium: the deactivated person’s open page is signed out and the sign-in page says why', async () => {
    const created = await scim()(
      'POST',
      '/Users',
      oktaUser('lee.page@example.test', 'Lee own pass 77', 'Lee'),
    )
    const person = new ApiSession(fixture.product.url)
    await person.login('lee.page@example.test', 'Lee own pass 77')
    const session = await fixture.newBrowserSession(person)
    const page = await session.newPage()
    await openPage(page, `${fixture.product.url}/history`, 'My Profile')
    expect((await scim()('PATCH', `/Users/${created.body.id}`, entraDisable)).status).toBe(200)
    await page.goto(`${fixture.product.url}/history`)
    await waitForPath(page, '/login')
    await submitLogin(page, 'lee.page@example.test', 'Lee own pass 77')
    await page
      .getByRole('alert')
      .getByText('This account has been deactivated. Please contact your administrator.')
      .waitFor()
    await expectNoAxeViolations(page)
    expect(page.url()).toContain('/login')
    await session.close()
  })

  it('deletes a person as an administrator would: sessions end, their profile and guests’ access go', async () => {
    const { administrator } = fixture
    const email = 'dee.provost@example.test'
    const created = await scim()('POST', '/Users', oktaUser(email, 'Dee own pass 7', 'Dee', 'Provost'))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const person = new ApiSession(fixture.product.url)
    await person.login(email, 'Dee own pass 7')
    const profileId = await saveDiscProfile(person, 'Dee Provost')
    const guest = await shareWithGuest(person, fixture.product.url, 'gil.guest@example.test')
    const lookout = { administrator, guest, name: 'Provost', email, profileId }
    await expect.poll(() => tracesOf(lookout), { timeout: 5_000, interval: 250 }).toEqual(everywhere(true))

    expect((await scim()('DELETE', `/Users/${created.body.id}`)).status).toBe(204)
    expect((await person.call('GET', '/api/auth/me')).status).toBe(401)
    expect(JSON.stringify(await guest.expect(200, 'GET', '/api/accessible-profiles'))).not.toContain(
      'Provost',
    )
    const everyone = (await administrator.expect(200, 'GET', '/api/all-profiles')) as Array<{ id: number }>
    expect(everyone.map((profile) => profile.id)).not.toContain(profileId)
    await expect.poll(() => tracesOf(lookout), { timeout: 10_000, interval: 250 }).toEqual(everywhere(false))
    expect((await scim()('GET', `/Users/${created.body.id}`)).body).toEqual(scimError(404))
    expect((await scim()('DELETE', `/Users/${created.body.id}`)).body).toEqual(scimError(404))
    const signIn = { username: email, password: 'Dee own pass 7' }
    expect((await new ApiSession(fixture.product.url).call('POST', '/api/auth/login', signIn)).status).toBe(
      401,
    )

    // Provisioned again, the person gets a new, empty account.
    const again = await scim()('POST', '/Users', oktaUser(email, 'Dee new pass 77', 'Dee', 'Provost'))
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(again.body.id).not.toBe(created.body.id)
    const back = new ApiSession(fixture.product.url)
    await back.login(email, 'Dee new pass 77')
    expect(await back.expect(200, 'GET', '/api/assessments')).toEqual([])
  })

  it('never deletes the last administrator', async () => {
    const me = (await fixture.administrator.expect(200, 'GET', '/api/auth/me')) as { id: number }
    const refused = await scim()('DELETE', `/Users/${me.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      ...scimError(409),
      detail: 'The last administrator cannot be deleted; another administrator must exist first',
    })
    await fixture.administrator.expect(200, 'GET', '/api/auth/me')
  })

  it('refuses a missing, garbage or revoked token, and a session cookie, in SCIM’s error shape', async () => {
    const body = oktaUser('nobody@example.test', 'Nobody pass 77')
    for (const presented of [undefined, 'garbage', 'scim_not-a-real-token-at-all-0000000000000000']) {
      const answer = await scimClient(fixture.product.url, () => presented)('POST', '/Users', body)
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(scimError(401))
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="SCIM"')
    }
    const revoked = await createScimToken(fixture.administrator, 'to revoke')
    const client = scimClient(fixture.product.url, () => revoked.token)
    expect((await client('GET', '/Users')).status).toBe(200)
    await fixture.administrator.expect(200, 'DELETE', `/api/admin/scim-tokens/${revoked.id}`)
    expect((await client('POST', '/Users', body)).body).toEqual(scimError(401))
    // An administrator's session is no SCIM credential.
    const withCookie = await fixture.administrator.call('GET', '/scim/v2/Users')
    expect(withCookie.status).toBe(401)
    const users = (await fixture.administrator.expect(200, 'GET', '/api/admin/users')) as Array<{
      email: string
    }>
    expect(users.map((user) => user.email)).not.toContain('nobody@example.test')
  })

  it('answers the gateway’s own refusals under /scim in SCIM’s error shape', async () => {
    const missing = await scim()('GET', '/Groups')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual(scimError(404))
    expect(missing.headers.get('content-type')).toMatch(/^application\/scim\+json/)
    const tooLarge = await scim()('POST', '/Users', {
      ...oktaUser('big@example.test', 'Big pass 777'),
      padding: 'x'.repeat(1_100_000),
    })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body).toEqual(scimError(413))
  })

  describe('with a token of another tenant', () => {
    let other: RunningProduct
    beforeAll(async () => {
      other = await startProduct()
    }, 60_000)
    afterAll(async () => {
      await other?.close()
    })

    it('is refused: each deployment knows only its own tokens', async () => {
      const otherAdministrator = new ApiSession(other.url)
      await otherAdministrator.login(other.administrator.email, other.administrator.password)
      const theirs = await createScimToken(otherAdministrator, 'Entra ID')
      expect((await scimClient(other.url, () => theirs.token)('GET', '/Users')).status).toBe(200)
      const answer = await scimClient(fixture.product.url, () => theirs.token)(
        'POST',
        '/Users',
        oktaUser('intruder@example.test', 'Intruder pass 7'),
      )
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual(scimError(401))
    })
  })
})
