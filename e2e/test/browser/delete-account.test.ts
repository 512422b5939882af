import type { AdminUser } from '@app/contracts/auth'
import { describe, expect, test } from 'vitest'
import { saveDiscProfile } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { expectToast, notifications, openPage, submitLogin, waitForPath } from '../../src/pages.ts'

const fixture = useProduct()

/** The 400 of a wrong password, which Chromium logs as an error of the resource. */
const REFUSED_DELETE = /status of 400 .*\/api\/account\)$/
const REFUSED_LOGIN = /status of 401 .*\/api\/auth\/login\)$/

describe('deleting my account in the browser', () => {
  test('from the change-password page: what goes, the password, then signed out for good', async () => {
    const delia = await fixture.createAccount('standard', { firstName: 'Delia', lastName: 'Deleter' })
    await saveDiscProfile(delia.session, 'Delia Deleter')
    const session = await fixture.newBrowserSession(delia.session)
    const page = await session.newPage()
    await openPage(page, `${fixture.product.url}/change-password`, 'Change your password')
    const section = page.getByRole('region', { name: 'Delete my account' })
    await section.waitFor()
    await expect(section.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'Your account: you are signed out everywhere and can no longer sign in.',
      'Every profile you saved, with its answers and scores.',
      'The invitations you sent: everyone you shared with, and everyone they passed it on to, loses access at once.',
      'The access others shared with you, and the invitations sent to you.',
      'Your name and e-mail address in import reports and in what others see of their sharing.',
    ])
    await expectNoAxeViolations(page)

    const button = section.getByRole('button', { name: 'Delete My Account' })
    await button.click()
    await section.getByText('Please enter your current password').waitFor()
    const password = section.getByLabel('Your password')
    await password.fill('not my password')
    await button.click()
    await section.getByRole('alert').getByText('Current password is incorrect').waitFor()
    await expectNoAxeViolations(page)
    expect((await fixture.administrator.call('GET', `/api/admin/user/${delia.user.id}`)).status).toBe(200)

    await password.fill(delia.password)
    await button.click()
    await waitForPath(page, '/login', 5000)
    await page.getByRole('status').getByText('Your account has been deleted.').waitFor()
    await expectNoAxeViolations(page)
    await expect(page.evaluate('localStorage.getItem("user")')).resolves.toBeNull()
    // The session the browser held is over, and so is the API session the account had.
    expect((await delia.session.call('GET', '/api/auth/me')).status).toBe(401)

    await submitLogin(page, delia.username, delia.password)
    const toast = notifications(page).getByRole('alert')
    await toast.getByText('Login Error').waitFor()
    await expect(toast.innerText()).resolves.toContain('Invalid username or password')
    session.expectNoPageErrors([REFUSED_DELETE, REFUSED_LOGIN])
    await session.close()
  })

  test("an administrator deletes a user from the user's edit panel", async () => {
    const umar = await fixture.createAccount('standard', { firstName: 'Umar', lastName: 'Removed' })
    const session = await fixture.newBrowserSession(fixture.administrator)
    const page = await session.newPage()
    await openPage(page, `${fixture.product.url}/admin/users`, 'User Management')
    const users = page.getByRole('listbox', { name: 'Users' })
    await page.getByLabel('Search users').fill(umar.username)
    await users
      .getByRole('option')
      .filter({ has: page.getByText(umar.username, { exact: true }) })
      .click()
    const details = page.getByRole('region', { name: 'User details' })
    await details.getByRole('button', { name: 'Delete User' }).click()
    const confirmation = details.getByRole('region', { name: 'Delete Umar Removed?' })
    await confirmation.waitFor()
    await expectNoAxeViolations(page)
    await confirmation.getByRole('button', { name: 'Delete Permanently' }).click()
    await expectToast(page, 'User Deleted')
    const listed = (await fixture.administrator.expect(200, 'GET', '/api/admin/users')) as AdminUser[]
    expect(listed.map((user) => user.email)).not.toContain(umar.username)
    expect((await umar.session.call('GET', '/api/auth/me')).status).toBe(401)
    session.expectNoPageErrors()
    await session.close()
  })
})
