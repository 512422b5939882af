import type { AdminUser } from '@app/contracts/auth'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { expectAdministratorsOnly, expectToast, openPage } from '../../src/pages.ts'

const fixture = useProduct()

let owner: Account
let invitedGuest: { email: string; password: string }
let browser: BrowserSession
let page: Page

async function openUserManagement(path = '/admin/user-management'): Promise<void> {
  await openPage(page, `${fixture.product.url}${path}`, 'User Management')
  await page.getByRole('listbox', { name: 'Users' }).waitFor()
}

const listbox = () => page.getByRole('listbox', { name: 'Users' })
const details = () => page.getByRole('region', { name: 'User details' })
const search = () => page.getByLabel('Search users')
const showing = () => page.getByText(/^Showing [\d,]+ of [\d,]+ users$/)

async function allUsers(): Promise<AdminUser[]> {
  return (await fixture.administrator.expect(200, 'GET', '/api/admin/users')) as AdminUser[]
}

/** The list row of the user with this e-mail (its e-mail line, not an inviter's line naming it). */
const optionOf = (email: string) =>
  listbox()
    .getByRole('option')
    .filter({ has: page.getByText(email, { exact: true }) })

async function selectUser(email: string): Promise<void> {
  await search().fill(email)
  await optionOf(email).click()
  await details().getByLabel('Email', { exact: true }).waitFor()
}

beforeAll(async () => {
  owner = await fixture.createAccount('standard', { firstName: 'Umar', lastName: 'Khan' })
  await owner.session.expect(201, 'POST', '/api/assessments', {
    name: 'Umar Khan',
    dScore: 60,
    iScore: 20,
    sScore: 10,
    cScore: 10,
  })
  // A guest who accepted Umar's invitation, choosing a password of their own.
  invitedGuest = { email: 'gita.invited@example.test', password: 'gita chose this' }
  const invitation = (await owner.session.expect(201, 'POST', '/api/invitations', {
    inviteeName: 'Gita Invited',
    inviteeEmail: invitedGuest.email,
  })) as { token: string }
  await new ApiSession(fixture.product.url).expect(
    200,
    'POST',
    `/api/invitations/accept/${invitation.token}`,
    {
      password: invitedGuest.password,
    },
  )
  browser = await fixture.newBrowserSession(fixture.administrator)
  page = await browser.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

describe('User Management', () => {
  test('lists every account with its role, e-mail, DISC summary and inviter, and passes axe', async () => {
    await openUserManagement()
    const total = (await allUsers()).length
    await expect(showing().innerText()).resolves.toBe(`Showing ${total} of ${total} users`)
    await expect(page.getByRole('button', { name: 'All Users' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    )
    const umar = optionOf(owner.username)
    await expect(umar.innerText()).resolves.toMatch(
      /Standard[\s\S]*D 60% · I 20% · S 10% · C 10% — Primary: D/,
    )
    const gita = optionOf(invitedGuest.email)
    await expect(gita.innerText()).resolves.toContain('Invited by')
    await expect(gita.innerText()).resolves.toContain(owner.username)
    await expect(details().innerText()).resolves.toContain(
      'Select a user from the list to edit their details',
    )
    await expect(page.locator('main footer').innerText()).resolves.toMatch(/Standard: \d+\s.*Total: \d+/s)
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  })

  test('searches names, e-mails and inviters, filters by role, and says when nothing matches', async () => {
    await openUserManagement()
    const total = (await allUsers()).length
    await search().fill('khan')
    // Umar himself, and the guest he invited (found through the inviter).
    await expect.poll(() => showing().innerText()).toBe(`Showing 2 of ${total} users`)
    await page.getByRole('button', { name: 'Guest Standard' }).click()
    await expect.poll(() => showing().innerText()).toBe(`Showing 1 of ${total} users`)
    await expect(listbox().getByRole('option').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('gita.invited@example.test'),
    ])
    await page.getByRole('button', { name: 'Administrator' }).click()
    await page.getByText('No users found matching your search', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'All Users' }).click()
    await search().fill('')
    await expect.poll(() => showing().innerText()).toBe(`Showing ${total} of ${total} users`)
    browser.expectNoPageErrors()
  })

  test('edits a standard user: No Changes, a new e-mail, a refused password, a new password', async () => {
    await openUserManagement()
    await selectUser(owner.username)
    const panel = details()
    await expect(panel.innerText()).resolves.toContain(`User ID\n${owner.user.id}`)
    await expect(panel.getByRole('region', { name: 'DISC Profile' }).innerText()).resolves.toMatch(
      /D\s*60%[\s\S]*I\s*20%[\s\S]*S\s*10%[\s\S]*C\s*10%[\s\S]*Primary type: D/,
    )
    await expectNoAxeViolations(page)

    await panel.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'No Changes', 'No changes were made to save')

    const newEmail = 'umar.khan.renamed@example.test'
    await panel.getByLabel('Email', { exact: true }).fill(newEmail)
    await panel.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Success', 'User details updated successfully')
    const renamed = (await fixture.administrator.expect(
      200,
      'GET',
      `/api/admin/user/${owner.user.id}`,
    )) as AdminUser
    expect({ email: renamed.email, username: renamed.username }).toEqual({
      email: newEmail,
      username: newEmail,
    })
    await expect(panel.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(newEmail)

    await panel.getByLabel('New Password').fill('short')
    await panel.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Update Failed', 'Password must be at least 6 characters')

    await panel.getByLabel('New Password').fill('a brand new password')
    await panel.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Success', 'User details updated successfully')
    await expect(panel.getByLabel('New Password').inputValue()).resolves.toBe('')
    await new ApiSession(fixture.product.url).login(newEmail, 'a brand new password')

    await panel.getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('Select a user from the list to edit their details', { exact: true }).waitFor()
    browser.expectNoPageErrors([/status of 400/])
  })

  test("a guest's details are read-only: the inviter and date, no Save Changes or Cancel", async () => {
    await openUserManagement()
    await selectUser(invitedGuest.email)
    const panel = details()
    const guest = (await allUsers()).find((user) => user.email === invitedGuest.email)!
    const guestDetails = (await fixture.administrator.expect(
      200,
      'GET',
      `/api/admin/user/${guest.id}`,
    )) as AdminUser
    await expect(panel.innerText()).resolves.toContain('Invited by')
    await expect(panel.innerText()).resolves.toContain('Date invited')
    await expect(panel.getByLabel('Email', { exact: true }).getAttribute('readonly')).resolves.not.toBeNull()
    await expect(panel.getByLabel('New Password').count()).resolves.toBe(0)
    // Gita chose her own password when she accepted, so there is no default to show.
    expect(guestDetails.defaultPassword).toBeNull()
    await expect(panel.getByLabel('Default Password').count()).resolves.toBe(0)
    await panel
      .getByText('The password of this guest is not the one derived from their name, so it is not shown.')
      .waitFor()
    await expect(panel.getByRole('button', { name: 'Save Changes' }).count()).resolves.toBe(0)
    await expect(panel.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  })

  test('a guest whose derived default password still opens the account shows it, read-only', async () => {
    const email = 'gus.default@example.test'
    await fixture.administrator.expect(201, 'POST', '/api/auth/register', {
      username: email,
      email,
      password: '#GusDefault7',
      role: 'guest_owner',
      firstName: 'Gus',
      lastName: 'Default',
    })
    await openUserManagement()
    await selectUser(email)
    const shown = details().getByLabel('Default Password')
    await expect(shown.inputValue()).resolves.toBe('#GusDefault7')
    await expect(shown.getAttribute('readonly')).resolves.not.toBeNull()
    await expect(details().getByRole('button', { name: 'Save Changes' }).count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  })

  test('the list is a listbox the keyboard walks, and /admin/users is the same screen', async () => {
    await openUserManagement('/admin/users')
    await search().fill('')
    await listbox().focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const second = listbox().getByRole('option').nth(1)
    await expect(second.getAttribute('aria-selected')).resolves.toBe('true')
    await expect(listbox().getAttribute('aria-activedescendant')).resolves.toBe(
      await second.getAttribute('id'),
    )
    await details().getByLabel('Email', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Refresh User Data' }).click()
    await page.getByRole('button', { name: 'Refresh User Data' }).waitFor()
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  })

  test('with hundreds of users only the rows in view are in the page, and the search still finds anyone', async () => {
    const rows = Array.from(
      { length: 250 },
      (_, index) => `Many${index},Person${index},many.${index}@example.test,40,30,20,10`,
    )
    await fixture.administrator.expect(200, 'POST', '/api/simple-import', {
      csvText: ['firstName,lastName,email,dScore,iScore,sScore,cScore', ...rows].join('\n'),
    })
    await openUserManagement()
    const total = (await allUsers()).length
    expect(total).toBeGreaterThan(250)
    await expect(showing().innerText()).resolves.toBe(`Showing ${total} of ${total} users`)
    await expect(listbox().getByRole('option').count()).resolves.toBeLessThan(30)
    await expect(listbox().getByRole('option').first().getAttribute('aria-setsize')).resolves.toBe(
      String(total),
    )
    await search().fill('many.249@')
    await expect.poll(() => showing().innerText()).toBe(`Showing 1 of ${total} users`)
    await listbox()
      .getByRole('option', { name: /Many249 Person249/ })
      .click()
    await details().getByRole('region', { name: 'DISC Profile' }).getByText('Primary type: D').waitFor()
    browser.expectNoPageErrors()
  }, 60_000)
})

describe('User Management for others', () => {
  test('a standard user is sent to /login with Access Denied', async () => {
    const standard = await fixture.createAccount('standard', { firstName: 'Sam', lastName: 'Standard' })
    const session = await fixture.newBrowserSession(standard.session)
    const standardPage = await session.newPage()
    await expectAdministratorsOnly(standardPage, `${fixture.product.url}/admin/user-management`, '/login')
    session.expectNoPageErrors()
    await session.close()
  })
})
