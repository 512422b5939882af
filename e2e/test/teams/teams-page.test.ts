import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { saveDiscProfile } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo } from '../../src/outbox.ts'
import { waitForSettledPage } from '../../src/pages.ts'

/**
 * The Teams page (issue 28, docs/decisions/058-saved-teams.md) in real Chromium: an administrator builds a
 * team of anyone, reads its blind spots, downloads its report, saves it under a name, reopens, renames and
 * deletes it; an owner whose share is revoked sees that person drop out of a saved team, and is told so.
 */
const fixture = useProduct()
const run = promisify(execFile)

async function open(page: Page) {
  await page.goto(`${fixture.product.url}/teams`)
  await waitForSettledPage(page)
}

/** Presses the button and answers the text of the PDF it downloaded, and the name it was saved as. */
async function download(page: Page, button: Locator) {
  const file = page.waitForEvent('download')
  await button.click()
  const downloaded = await file
  const path = await downloaded.path()
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout
  return { flat: text.replace(/\s+/g, ' '), fileName: downloaded.suggestedFilename() }
}

/** Finds a person with the page's search and ticks them, from the keyboard. */
async function choose(page: Page, name: string) {
  const picker = page.getByRole('region', { name: 'Choose people' })
  await picker.getByLabel('Search people by name').fill(name)
  const box = picker
    .getByRole('list', { name: 'People found' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('checkbox')
  await box.focus()
  await page.keyboard.press('Space')
  await expect.poll(() => box.isChecked()).toBe(true)
}

describe('Teams', () => {
  // One user's whole path through the page, a dozen steps: more time than a single check needs.
  test('an administrator builds a team of anyone, sees its blind spots, saves, reopens and downloads it', async () => {
    const dana = await fixture.createAccount('standard', { firstName: 'Dana', lastName: 'Driver' })
    await saveDiscProfile(dana.session, 'Dana Driver', [90, 20, 10, 30])
    const ivy = await fixture.createAccount('standard', { firstName: 'Ivy', lastName: 'Influence' })
    await saveDiscProfile(ivy.session, 'Ivy Influence', [20, 90, 10, 30])
    const browser = await fixture.newBrowserSession(fixture.administrator)
    const page = await browser.newPage()
    // Reached from Collaborate's team map: the header keeps the spec's buttons.
    await page.goto(`${fixture.product.url}/collaborate`)
    await waitForSettledPage(page)
    await page.getByRole('link', { name: 'Teams', exact: true }).click()
    await page.waitForURL(`${fixture.product.url}/teams`)
    await waitForSettledPage(page)
    const saved = page.getByRole('region', { name: 'Saved teams' })
    await saved.getByText('No saved teams yet. Choose people and save them as a team.').waitFor()
    await expectNoAxeViolations(page)

    await choose(page, 'Dana Driver')
    await choose(page, 'Ivy Influence')
    const team = page.getByRole('region', { name: 'New team' })
    await team.getByRole('heading', { name: 'People in the team (2)' }).waitFor()
    await team
      .getByText('No one leads with Steadiness: plans may change faster than people can absorb.')
      .waitFor()
    await team
      .getByText('Announce changes early, say what stays the same, and check workloads before adding more')
      .waitFor()
    await expect(
      team.getByRole('img', { name: /^Team map: 2 people on the DISC circle/ }).count(),
    ).resolves.toBe(1)
    await expectNoAxeViolations(page)

    // The draft's report, before it is saved: the people chosen, with their blind spots.
    const draft = await download(page, team.getByRole('button', { name: 'Download team report' }))
    expect(draft.flat).toContain('Dana Driver: Dominance')
    expect(draft.flat).toContain('Ivy Influence: Influence')
    expect(draft.flat).toContain('No one leads with Steadiness')

    // A name is required, then the team is saved and listed.
    await team.getByRole('button', { name: 'Save team' }).click()
    await team.getByText('Enter a name for the team').waitFor()
    await team.getByLabel('Team name').fill('  Launch Crew ')
    await team.getByRole('button', { name: 'Save team' }).click()
    const launch = page.getByRole('region', { name: 'Team: Launch Crew' })
    await launch.getByText('Team "Launch Crew" saved.').waitFor()
    const row = saved.getByRole('listitem', { name: 'Launch Crew' })
    await row.getByText('2 people').waitFor()

    // A second team of the same name is refused in words, beside the name.
    await launch.getByRole('button', { name: 'Start a new team' }).click()
    await choose(page, 'Dana Driver')
    const fresh = page.getByRole('region', { name: 'New team' })
    await fresh.getByLabel('Team name').fill('launch crew')
    await fresh.getByRole('button', { name: 'Save team' }).click()
    await fresh.getByText('You already have a team named "launch crew"').waitFor()

    // Reopened from the list: the saved people, focus on the team.
    await row.getByRole('button', { name: 'Open Launch Crew' }).click()
    await launch.getByRole('heading', { name: 'People in the team (2)' }).waitFor()
    await expect
      .poll(() =>
        launch
          .getByRole('heading', { name: 'Team: Launch Crew' })
          .evaluate((heading) => heading.matches(':focus')),
      )
      .toBe(true)
    await launch.getByRole('button', { name: 'Remove Ivy Influence from the team' }).waitFor()

    // The saved team's report, downloaded again from the list.
    const report = await download(page, row.getByRole('button', { name: 'Download report for Launch Crew' }))
    expect(report.fileName).toBe('Launch-Crew-team-report.pdf')
    expect(report.flat).toContain('Launch Crew')
    expect(report.flat).toContain('Dana Driver: Dominance')
    expect(report.flat).toContain('Ivy Influence: Influence')
    expect(report.flat).toContain(
      'No one leads with Steadiness: plans may change faster than people can absorb.',
    )
    await expectNoAxeViolations(page)

    // Renamed, then deleted; the profiles stay.
    await row.getByRole('button', { name: 'Rename Launch Crew' }).click()
    await row.getByLabel('New name for Launch Crew').fill('Orbit Crew')
    await row.getByRole('button', { name: 'Save name' }).click()
    const orbit = saved.getByRole('listitem', { name: 'Orbit Crew' })
    await orbit.waitFor()
    await page.getByRole('region', { name: 'Team: Orbit Crew' }).waitFor()
    await orbit.getByRole('button', { name: 'Delete Orbit Crew' }).click()
    await orbit.getByRole('button', { name: 'Delete team' }).click()
    await saved.getByText('No saved teams yet. Choose people and save them as a team.').waitFor()
    const listed = (await fixture.administrator.expect(200, 'GET', '/api/teams')) as { teams: unknown[] }
    expect(listed.teams).toEqual([])
    browser.expectNoPageErrors([/status of 409 .*\/api\/teams/])
    await browser.close()
  }, 60_000)

  test("an owner's saved team loses a person whose share was revoked, and the page says so", async () => {
    const alice = await fixture.createAccount('standard', { firstName: 'Alice', lastName: 'Analyst' })
    await saveDiscProfile(alice.session, 'Alice Analyst', [10, 20, 30, 90])
    const lena = await fixture.createAccount('standard', { firstName: 'Lena', lastName: 'Lead' })
    const own = await saveDiscProfile(lena.session, 'Lena Lead', [90, 20, 10, 30])
    const invitation = (await alice.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Lena Lead',
      inviteeEmail: lena.username,
      inviteeRole: 'guest_standard',
    })) as { id: number }
    const token = (await linkSentTo(fixture.product.dataDirectory, lena.username)).split('/invite/')[1]!
    // Lena accepts signed in as herself: the share is added to her account.
    await lena.session.expect(200, 'POST', `/api/invitations/accept/${token}`, {})
    let shared = 0
    await expect
      .poll(async () => {
        const found = (await lena.session.expect(200, 'GET', '/api/profiles/lookup?q=Alice')) as {
          items: Array<{ id: number }>
        }
        shared = found.items[0]?.id ?? 0
        return shared
      })
      .toBeGreaterThan(0)
    await lena.session.expect(201, 'POST', '/api/teams', { name: 'Pair', profileIds: [own, shared] })
    await alice.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)

    const browser = await fixture.newBrowserSession(lena.session)
    const page = await browser.newPage()
    await open(page)
    const row = page.getByRole('region', { name: 'Saved teams' }).getByRole('listitem', { name: 'Pair' })
    await row.getByText('1 person, 1 left out (no longer available to you)').waitFor()
    await row.getByRole('button', { name: 'Open Pair' }).click()
    const team = page.getByRole('region', { name: 'Team: Pair' })
    await team
      .getByText('1 person saved in this team is left out: their profile is no longer available to you.')
      .waitFor()
    await team.getByRole('heading', { name: 'People in the team (1)' }).waitFor()
    await expect(team.getByText('Alice Analyst').count()).resolves.toBe(0)
    const report = await download(page, row.getByRole('button', { name: 'Download report for Pair' }))
    expect(report.flat).toContain('Lena Lead: Dominance')
    expect(report.flat).not.toContain('Alice Analyst')
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
    await browser.close()
  })
})
