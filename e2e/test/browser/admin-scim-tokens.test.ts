import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { expectToast, openPage } from '../../src/pages.ts'
import { entraDisable, oktaUser, scimClient } from '../../src/scim.ts'

const fixture = useProduct()

describe('the SCIM tokens on User Management', () => {
  test('an administrator creates a token, sees it once, and revokes it; the revoked token is refused', async () => {
    const session = await fixture.newBrowserSession(fixture.administrator)
    const page = await session.newPage()
    await openPage(page, `${fixture.product.url}/admin/user-management`, 'User Management')
    await page.getByRole('link', { name: 'SCIM provisioning' }).click()
    const section = page.getByRole('region', { name: 'SCIM Provisioning' })
    await section.getByText('No SCIM tokens yet.').waitFor()
    await expectNoAxeViolations(page)

    await section.getByLabel('Client name').fill('Okta')
    await section.getByRole('button', { name: 'Create token' }).click()
    await section.getByRole('heading', { name: 'Token created for Okta' }).waitFor()
    const token = await section.getByLabel('Secret token').inputValue()
    expect(token).toMatch(/^scim_[\w-]{43}$/)
    await expect(page.getByText(`${fixture.product.url}/scim/v2`).isVisible()).resolves.toBe(true)
    const table = section.getByRole('table')
    await table.getByRole('cell', { name: 'Okta', exact: true }).waitFor()
    await expectNoAxeViolations(page)

    const scim = scimClient(fixture.product.url, () => token)
    const created = await scim('POST', '/Users', oktaUser('page.user@example.test', 'Page user pass 7'))
    expect(created.status).toBe(201)
    expect((await scim('PATCH', `/Users/${created.body.id}`, entraDisable)).status).toBe(200)

    await page.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByLabel('Secret token').count()).resolves.toBe(0)
    await expect(page.content()).resolves.not.toContain(token)
    await page.reload()
    await table.getByRole('cell', { name: 'Okta', exact: true }).waitFor()
    // The account the token provisioned and deactivated shows as such.
    await page.getByLabel('Search users').fill('page.user@example.test')
    const row = page.getByRole('listbox', { name: 'Users' }).getByRole('option').first()
    await row.getByText('Deactivated', { exact: true }).waitFor()
    await expect(page.content()).resolves.not.toContain(token)

    await page.getByRole('button', { name: 'Revoke Okta' }).click()
    await expectToast(page, 'Token revoked', 'Okta can no longer provision accounts')
    await page.getByText('No SCIM tokens yet.').waitFor()
    expect((await scim('GET', '/Users')).status).toBe(401)
    session.expectNoPageErrors()
    await session.close()
  })
})
