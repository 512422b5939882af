import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RANDOM_PASSWORD_ALPHABET, RANDOM_PASSWORD_LENGTH } from '@app/domain/first-passwords'
import { ApiSession, saveDiscProfile } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { startMailCatcher, type MailCatcher } from '../../src/mail.ts'
import { openPage } from '../../src/pages.ts'

let mail: MailCatcher
// The mail catcher starts before the product that sends to it, and stops after it.
beforeAll(async () => {
  mail = await startMailCatcher()
})
afterAll(async () => {
  await mail?.close()
})

// The default format (IMPORT_PASSWORD_FORMAT unset), with real e-mail: links are on offer.
const fixture = useProduct(() => ({ SMTP_URL: mail.smtpUrl }))

const DISC_HEADER = 'firstName,lastName,email,dScore,iScore,sScore,cScore'

let browser: BrowserSession
let page: Page

beforeAll(async () => {
  browser = await fixture.newBrowserSession(fixture.administrator)
  page = await browser.newPage()
})

afterAll(async () => {
  await browser?.close()
})

const resultPanel = () => page.getByRole('region', { name: /^Import (Successful|Failed)$/ })
const credentialsTable = () =>
  resultPanel().getByRole('table', { name: 'Imported users and their passwords' })

async function importDisc(rows: string[], choice: RegExp) {
  await openPage(page, `${fixture.product.url}/admin/import`, 'Bulk Import')
  await page.getByRole('radio', { name: choice }).check()
  await page.getByLabel('DISC CSV data').fill([DISC_HEADER, ...rows].join('\n'))
  await page.getByRole('button', { name: 'Import Data' }).click()
  await resultPanel().getByRole('heading', { name: 'Import Successful' }).waitFor({ timeout: 30_000 })
}

/** The next e-mail to the address whose subject matches, past others (the invitation) that came first. */
async function mailTo(address: string, subject: RegExp) {
  for (let skipped = 0; skipped < 3; skipped += 1) {
    const received = await mail.nextMailTo(address)
    if (subject.test(received.subject)) return received
  }
  throw new Error(`No e-mail to ${address} matched ${subject}`)
}

async function downloadedLines(): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    resultPanel().getByRole('button', { name: 'Download credentials (CSV)' }).click(),
  ])
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
  return text.split('\r\n').filter(Boolean)
}

describe('first passwords of a default import', () => {
  test("are random, shown once, and sign in where the spec's formula does not", async () => {
    await openPage(page, `${fixture.product.url}/admin/import`, 'Bulk Import')
    const generated = page.getByRole('radio', { name: /random password/ })
    await expect(generated.isChecked()).resolves.toBe(true)
    await expect(page.getByRole('radio', { name: /link to set their own/ }).isEnabled()).resolves.toBe(true)
    await expectNoAxeViolations(page)

    await importDisc(
      ['Ana,Lima,ana.random@example.test,20,80,40,10', 'Bea,Costa,bea.random@example.test,60,20,10,10'],
      /random password/,
    )
    const row = await credentialsTable()
      .getByRole('row', { name: /ana\.random@example\.test/ })
      .innerText()
    const password = row.split('\t').at(-1)!.trim()
    expect(password).toHaveLength(RANDOM_PASSWORD_LENGTH)
    expect([...password].every((symbol) => RANDOM_PASSWORD_ALPHABET.includes(symbol))).toBe(true)
    await expect(resultPanel().innerText()).resolves.toMatch(/Save these credentials now/)
    await expectNoAxeViolations(page)
    const lines = await downloadedLines()
    expect(lines[0]).toBe('Name,Email (Username),Password')
    expect(lines).toContain(`Ana Lima,ana.random@example.test,${password}`)

    // An outsider who knows the name tries the spec's formula: nothing.
    const outsider = new ApiSession(fixture.product.url)
    for (const guess of ['#AnaLima4', '#analima4'])
      expect(
        (
          await outsider.call('POST', '/api/auth/login', {
            username: 'ana.random@example.test',
            password: guess,
          })
        ).status,
      ).toBe(401)
    // The shown password signs in, and the session may only change it.
    const ana = new ApiSession(fixture.product.url)
    expect(await ana.login('ana.random@example.test', password)).toMatchObject({ mustChangePassword: true })
    expect((await ana.call('GET', '/api/accessible-profiles')).status).toBe(403)
    browser.expectNoPageErrors()
  }, 60_000)
})

describe('set-password links', () => {
  test('mail each person one link, list "link sent", and the link sets the password', async () => {
    await importDisc(
      ['Cy,Link,cy.link@example.test,10,20,30,40', 'Di,Link,di.link@example.test,40,30,20,10'],
      /link to set their own/,
    )
    await expect(
      credentialsTable()
        .getByRole('row', { name: /cy\.link@example\.test/ })
        .innerText(),
    ).resolves.toMatch(/link sent$/)
    await expect(resultPanel().innerText()).resolves.toMatch(/was e-mailed a link to set their own password/)
    await expectNoAxeViolations(page)
    const lines = await downloadedLines()
    expect(lines.slice(1).sort()).toEqual([
      'Cy Link,cy.link@example.test,link sent',
      'Di Link,di.link@example.test,link sent',
    ])

    const received = await mail.nextMailTo('cy.link@example.test')
    expect(received.subject).toBe('Set your Prevue DISC Insights password')
    await mail.nextMailTo('di.link@example.test')
    // One mail per person: no second one follows.
    await expect(mail.nextMailTo('cy.link@example.test', 1000)).rejects.toThrow(/No e-mail/)

    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(received.text)?.[0]
    expect(link, received.text).toBeDefined()
    const visitor = await fixture.newBrowserSession()
    const linkPage = await visitor.newPage()
    await linkPage.goto(link!)
    await linkPage.getByLabel('New Password', { exact: true }).fill('Cy chose this 1')
    await linkPage.getByLabel('Confirm Password', { exact: true }).fill('Cy chose this 1')
    await linkPage.getByRole('button', { name: 'Reset Password' }).click()
    await linkPage.getByRole('heading', { name: 'Password Reset Successful' }).waitFor()
    await visitor.close()
    const cy = new ApiSession(fixture.product.url)
    expect(await cy.login('cy.link@example.test', 'Cy chose this 1')).toMatchObject({
      mustChangePassword: false,
    })
    browser.expectNoPageErrors()
  }, 60_000)
})

describe('an address squatted by accepting your own invitation', () => {
  test('is taken over by an import (the row says so), and the squatter is signed out', async () => {
    const sam = await fixture.createAccount('standard', { firstName: 'Sam', lastName: 'Squatter' })
    await saveDiscProfile(sam.session, 'Sam Squatter')
    const invitation = (await sam.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Carla Ceo',
      inviteeEmail: 'carla.ceo@example.test',
      inviteeRole: 'guest_owner',
    })) as { link: string }
    // The attack: Sam accepts the copied link himself, under Carla's address.
    const squatter = new ApiSession(fixture.product.url)
    await squatter.expect(200, 'POST', `/api/invitations/accept/${invitation.link.split('/invite/')[1]}`, {
      password: 'squatter password',
    })
    const guest = (await squatter.expect(200, 'GET', '/api/auth/me')) as { id: number }
    // A confirmation link goes to the real mailbox, which Sam does not read.
    await mailTo('carla.ceo@example.test', /^Confirm your/)

    await importDisc(['Carla,Ceo,carla.ceo@example.test,80,10,5,5'], /random password/)
    await expect(resultPanel().innerText()).resolves.toContain('Successfully imported 1 of 1 user')
    const job = (await fixture.administrator.expect(200, 'GET', '/api/admin/imports')) as Array<{
      id: string
    }>
    const { report } = (await fixture.administrator.expect(
      200,
      'GET',
      `/api/admin/imports/${job[0]!.id}`,
    )) as {
      report: Array<{ userId: number; reason?: string }>
    }
    expect(report).toMatchObject([
      { status: 'imported', userId: guest.id, reason: expect.stringMatching(/^Took over a guest account/) },
    ])
    // Sam's session is refused at once, and his password opens nothing.
    expect((await squatter.call('GET', '/api/auth/me')).status).toBe(401)
    expect(
      (
        await squatter.call('POST', '/api/auth/login', {
          username: 'carla.ceo@example.test',
          password: 'squatter password',
        })
      ).status,
    ).toBe(401)
  }, 60_000)

  test('a guest who confirmed the address from the mailed link keeps it: the import fails as a duplicate', async () => {
    const olive = await fixture.createAccount('standard', { firstName: 'Olive', lastName: 'Owner' })
    await saveDiscProfile(olive.session, 'Olive Owner')
    const invitation = (await olive.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Gil Guest',
      inviteeEmail: 'gil.guest@example.test',
      inviteeRole: 'guest_standard',
    })) as { link: string }
    await new ApiSession(fixture.product.url).expect(
      200,
      'POST',
      `/api/invitations/accept/${invitation.link.split('/invite/')[1]}`,
      { password: 'gil password 1' },
    )
    const confirmation = await mailTo('gil.guest@example.test', /^Confirm your/)
    const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(confirmation.text)?.[0]
    expect(link, confirmation.text).toBeDefined()

    const visitor = await fixture.newBrowserSession()
    const linkPage = await visitor.newPage()
    await linkPage.goto(link!)
    await linkPage.getByRole('heading', { name: 'Confirm Your E-mail Address' }).waitFor()
    await expectNoAxeViolations(linkPage)
    await linkPage.getByRole('button', { name: 'Confirm my e-mail address' }).click()
    await linkPage.getByRole('heading', { name: 'E-mail Address Confirmed' }).waitFor()
    await expectNoAxeViolations(linkPage)
    visitor.expectNoPageErrors()
    await visitor.close()

    await openPage(page, `${fixture.product.url}/admin/import`, 'Bulk Import')
    await page
      .getByLabel('DISC CSV data')
      .fill(`${DISC_HEADER}\nGil,Guest,gil.guest@example.test,10,10,10,70`)
    await page.getByRole('button', { name: 'Import Data' }).click()
    const failures = resultPanel().getByRole('region', { name: 'Failed rows and their reasons' })
    await expect(failures.innerText()).resolves.toContain('A user with this email already exists')
  }, 60_000)
})
