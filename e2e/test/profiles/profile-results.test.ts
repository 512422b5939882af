import type { ImportResult } from '@app/contracts/imports'
import type { Profile } from '@app/contracts/profiles'
import { PREVUE_IMPORT_COLUMNS } from '@app/domain/import-rows'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { openPage } from '../../src/pages.ts'

// The same person on every screen that shows a profile (issue 25, items 2 and 3): a Prevue-imported person
// shows their own result, never DISC bars; a DISC person shows the same four numbers everywhere.
const fixture = useProduct()

const PIA = { firstName: 'Pia', lastName: 'Prevue', email: 'pia.prevue@example.test' }
const PIA_NAME = 'Pia Prevue'
/** The 20 stens in the spec's column order: Working with Words is the strongest ability (9). */
const PIA_STENS = [6, 4, 9, 3, 8, 5, 2, 7, 3, 8, 6, 4, 7, 9, 5, 8, 6, 5, 4, 5]
const ALICE_SCORES = { D: 80, I: 40, S: 30, C: 50 }

let pia: ApiSession
let piaProfile: Profile
let alice: Account
const sessions: BrowserSession[] = []

beforeAll(async () => {
  const csvText = [
    PREVUE_IMPORT_COLUMNS.join(','),
    [PIA.firstName, PIA.lastName, PIA.email, ...PIA_STENS].join(','),
  ].join('\n')
  const result = (await fixture.administrator.expect(200, 'POST', '/api/admin/import-prevue', {
    csvText,
  })) as ImportResult
  expect(result.successfulRecords).toBe(1)
  const imported = result.importedUsers[0]!
  if (imported.credential !== 'password') throw new Error('the import showed no first password')
  pia = new ApiSession(fixture.product.url)
  await pia.login(imported.email, imported.password)
  await pia.expect(200, 'POST', '/api/auth/change-password', {
    currentPassword: imported.password,
    newPassword: 'Pia chose this one',
  })
  ;[piaProfile] = (await pia.expect(200, 'GET', '/api/accessible-profiles')) as [Profile]
  // Stored without DISC scores: nothing measured them.
  expect(piaProfile).toMatchObject({ assessmentType: 'prevue', dScore: null, primaryType: null })

  alice = await fixture.createAccount('standard', { firstName: 'Alice', lastName: 'Able' })
  await alice.session.expect(201, 'POST', '/api/assessments', {
    assessmentType: 'disc',
    dScore: ALICE_SCORES.D,
    iScore: ALICE_SCORES.I,
    sScore: ALICE_SCORES.S,
    cScore: ALICE_SCORES.C,
  })
}, 60_000)

afterAll(async () => {
  for (const session of sessions) await session.close()
})

async function pageAs(signedInAs: ApiSession, width: number): Promise<Page> {
  const session = await fixture.newBrowserSession(signedInAs)
  sessions.push(session)
  const page = await session.newPage()
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
  return page
}

/** The Prevue dimensions a card shows, as "Label x/10" lines, in order. */
async function prevueLines(card: Locator): Promise<string[]> {
  const items = await card.getByRole('listitem').allInnerTexts()
  return items.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => /\/10$/.test(text))
}

/** The DISC numbers a card shows beside "(D)", "(I)", … or a bare letter. */
function discNumbers(text: string): Record<string, number> {
  const found: Record<string, number> = {}
  for (const match of text.matchAll(/(?:\(|^|\s)([DISC])\)?\s+(\d+)%/gm)) found[match[1]!] = Number(match[2])
  return found
}

const pickedCard = (page: Page, label: 'Profile A' | 'Profile B') =>
  page.getByRole('region', { name: label }).getByRole('article')

async function pick(page: Page, label: 'Profile A' | 'Profile B', name: string): Promise<Locator> {
  const picker = page.getByRole('combobox', { name: label })
  await picker.click()
  await picker.fill(name)
  await page.getByRole('option').filter({ hasText: name }).first().click()
  await expect.poll(() => picker.inputValue()).toBe(name)
  const card = pickedCard(page, label)
  await card.getByRole('heading', { name }).waitFor()
  return card
}

async function userManagementEntry(page: Page, email: string): Promise<{ option: Locator; panel: Locator }> {
  await openPage(page, `${fixture.product.url}/admin/user-management`, 'User Management')
  const listbox = page.getByRole('listbox', { name: 'Users' })
  await page.getByLabel('Search users').fill(email)
  const option = listbox.getByRole('option').filter({ has: page.getByText(email, { exact: true }) })
  await option.click()
  const panel = page.getByRole('region', { name: 'User details' })
  await panel.getByLabel('Email', { exact: true }).waitFor()
  return { option, panel }
}

describe.each([390, 1280])('at %i px', (width) => {
  test('a Prevue-imported person shows their own result on every screen, never DISC bars', async () => {
    // My Profile: the three Prevue groups, 20 dimensions out of 10.
    const own = await pageAs(pia, width)
    await openPage(own, `${fixture.product.url}/history`, 'My Profile')
    const card = own.getByRole('article').filter({ has: own.getByRole('heading', { name: PIA_NAME }) })
    await card.getByRole('heading', { name: 'Abilities' }).waitFor()
    const dimensions = await prevueLines(card)
    expect(dimensions).toHaveLength(20)
    expect(dimensions).toContain('Working with Words 9/10')
    expect(dimensions).toContain('Working with People 8/10')
    expect(await card.innerText()).not.toMatch(/%|Primary type|DISC scores/)
    await expectNoAxeViolations(own)

    // Ask: the own name is found on arrival; the card shows the same dimensions and no percentages.
    await openPage(own, `${fixture.product.url}/`, 'Profile Advice')
    const found = own.getByRole('region', { name: 'Find a Profile' }).getByRole('article')
    await found.getByRole('heading', { name: PIA_NAME }).waitFor()
    await found.getByText('PREVUE', { exact: true }).waitFor()
    expect(await prevueLines(found)).toEqual(dimensions)
    const foundText = await found.innerText()
    expect(foundText).not.toMatch(/%|Primary type|Dominance/)
    expect(foundText).toContain('Strongest ability: Working with Words 9/10')
    await expectNoAxeViolations(own)

    // Collaborate, as the administrator: the picked card and the team map.
    const admin = await pageAs(fixture.administrator, width)
    await openPage(admin, `${fixture.product.url}/collaborate`, 'Collaborate')
    const picked = await pick(admin, 'Profile B', PIA_NAME)
    expect(await prevueLines(picked)).toEqual(dimensions)
    const pickedText = await picked.innerText()
    expect(pickedText).not.toContain('%')
    expect(pickedText).toMatch(/DISC style derived from the Prevue result: \w+ \(derived\)/)
    const teamMap = admin.getByRole('region', { name: 'Team Map' })
    const dot = teamMap.getByTestId('team-map').locator(`[data-profile-id="${piaProfile.id}"]`)
    await expect(dot.getAttribute('data-derived')).resolves.toBe('true')
    await expect(teamMap.getByText(/^Team map of/).innerText()).resolves.toMatch(/\(1 derived from Prevue\)/)
    await teamMap.getByRole('button', { name: 'Show the list of people' }).click()
    const row = teamMap.getByRole('row').filter({ hasText: PIA_NAME })
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      /\(derived from Prevue\) Prevue: Strongest ability: Working with Words 9\/10/,
    )
    expect(await row.innerText()).not.toContain('%')
    await expectNoAxeViolations(admin)

    // User Management: the list's summary and the detail panel.
    const { option, panel } = await userManagementEntry(admin, PIA.email)
    const summary = await option.innerText()
    expect(summary).toContain('Prevue — Strongest ability: Working with Words 9/10')
    expect(summary).not.toMatch(/%|Primary: D/)
    const result = panel.getByRole('region', { name: 'Prevue Profile' })
    await result.getByRole('heading', { name: 'Abilities' }).waitFor()
    expect(await prevueLines(result)).toEqual(dimensions)
    expect(await result.innerText()).not.toMatch(/%|Primary type/)
    await expectNoAxeViolations(admin)
    for (const session of sessions) session.expectNoPageErrors()
  })

  test('one DISC person shows the same four numbers on My Profile, Ask, Collaborate and User Management', async () => {
    const own = await pageAs(alice.session, width)
    await openPage(own, `${fixture.product.url}/history`, 'My Profile')
    const card = own.getByRole('article').filter({ has: own.getByRole('heading', { name: 'Alice Able' }) })
    await card.getByText('DISC scores').waitFor()
    expect(discNumbers(await card.innerText())).toEqual(ALICE_SCORES)

    await openPage(own, `${fixture.product.url}/`, 'Profile Advice')
    const found = own.getByRole('region', { name: 'Find a Profile' }).getByRole('article')
    await found.getByRole('heading', { name: 'Alice Able' }).waitFor()
    expect(discNumbers(await found.innerText())).toEqual(ALICE_SCORES)

    const admin = await pageAs(fixture.administrator, width)
    await openPage(admin, `${fixture.product.url}/collaborate`, 'Collaborate')
    const picked = await pick(admin, 'Profile A', 'Alice Able')
    expect(discNumbers(await picked.innerText())).toEqual(ALICE_SCORES)

    const { option, panel } = await userManagementEntry(admin, alice.username)
    expect(await option.innerText()).toContain('D 80% · I 40% · S 30% · C 50% — Primary: D')
    const result = panel.getByRole('region', { name: 'DISC Profile' })
    expect(discNumbers(await result.innerText())).toEqual(ALICE_SCORES)
    await expectNoAxeViolations(admin)
    for (const session of sessions) session.expectNoPageErrors()
  })
})

test("the administrator's profile list names every owner with their e-mail", async () => {
  const all = (await fixture.administrator.expect(200, 'GET', '/api/all-profiles')) as Array<
    Profile & { sharedBy?: { name: string; email: string } }
  >
  const byName = Object.fromEntries(all.map((profile) => [profile.name, profile.sharedBy]))
  expect(byName[PIA_NAME]).toEqual({ name: PIA_NAME, email: PIA.email })
  expect(byName['Alice Able']).toEqual({ name: 'Alice Able', email: alice.username })
})
