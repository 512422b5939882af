import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { expectAdministratorsOnly, expectToast, openPage } from '../../src/pages.ts'

// The spec's password format, kept for tenants who opt in; the random default has its own file.
const fixture = useProduct({ IMPORT_PASSWORD_FORMAT: 'spec' })

const DISC_HEADER = 'firstName,lastName,email,dScore,iScore,sScore,cScore'
const PREVUE_HEADER =
  'FirstName,LastName,Email,GeneralAbilities,WorkingWithNumbers,WorkingWithWords,WorkingWithShapes,' +
  'WorkingWithPeople,WorkingWithData,WorkingWithThings,DiplomaticIndependent,CooporativeCompetitive,' +
  'SubmissiveAssertive,SpontaneousConscientious,InnovativeConventional,ReactiveOrganized,IntrovertExtrovert,' +
  'SelfSufficientGroupOriented,ReservedOutgoing,EmotionalStable,RestlessPoised,ExcitableRelaxed,' +
  'FrankSocialDesirability'

let browser: BrowserSession
let page: Page

beforeAll(async () => {
  browser = await fixture.newBrowserSession(fixture.administrator)
  page = await browser.newPage()
})

afterAll(async () => {
  await browser?.close()
})

const open = (path: string, heading: string) => openPage(page, `${fixture.product.url}${path}`, heading)

const csvArea = (label: 'DISC' | 'Prevue') => page.getByLabel(`${label} CSV data`)
const importButton = () => page.getByRole('button', { name: 'Import Data' })
const resultPanel = () => page.getByRole('region', { name: /^Import (Successful|Failed)$/ })
const progressBar = () => page.getByRole('progressbar', { name: 'Import progress' })

describe('Bulk Import (/admin/import)', () => {
  test('offers DISC and Prevue tabs, the sample template and steps, and Import Data only for some text', async () => {
    await open('/admin/import', 'Bulk Import')
    await expect(page.getByRole('tab', { name: 'DISC Import' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    )
    await expect(page.getByRole('region', { name: 'DISC sample CSV' }).innerText()).resolves.toContain(
      DISC_HEADER,
    )
    await expect(page.getByRole('link', { name: 'Back' }).getAttribute('href')).resolves.toBe(
      '/admin/simple-import',
    )
    await expect(importButton().isDisabled()).resolves.toBe(true)
    await expectNoAxeViolations(page)

    await csvArea('DISC').fill('   ')
    await importButton().click()
    await expectToast(page, 'Empty input')

    await page.getByRole('tab', { name: 'Prevue Import' }).click()
    const prevueSample = await page.getByRole('region', { name: 'Prevue sample CSV' }).innerText()
    expect(prevueSample).toContain(PREVUE_HEADER)
    await expect(page.getByText(/20 sten columns/).count()).resolves.toBe(1)
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  })

  test('imports a DISC file with a progress bar that reaches the total, and shows the credentials once', async () => {
    await open('/admin/import', 'Bulk Import')
    const rows = Array.from(
      { length: 11 },
      (_, index) => `Dana${index},Moreau,dana.${index}@example.test,70,50,30,10`,
    )
    const formulaName = '=HYPERLINK("http://evil.test","x")'
    const csv = [
      DISC_HEADER,
      'Ana,Lima,ana.lima@example.test,20,80,40,10',
      `"${formulaName.replaceAll('"', '""')}",Formula,formula@example.test,10,20,30,90`,
      ...rows,
    ].join('\n')
    await csvArea('DISC').fill(csv)
    await importButton().click()

    await resultPanel().getByRole('heading', { name: 'Import Successful' }).waitFor({ timeout: 30_000 })
    await expect(progressBar().getAttribute('aria-valuenow')).resolves.toBe('13')
    await expect(progressBar().getAttribute('aria-valuemax')).resolves.toBe('13')
    await page.getByText('13 of 13 rows', { exact: true }).waitFor()
    const panel = resultPanel()
    await expect(panel.getByRole('definition').allInnerTexts()).resolves.toEqual(['13', '13', '0'])
    await expect(panel.innerText()).resolves.toContain('Successfully imported 13 of 13 users')
    await expect(panel.innerText()).resolves.toMatch(/Save these credentials now/)
    const table = panel.getByRole('table', { name: 'Imported users and their passwords' })
    await expect(table.getByRole('columnheader').allInnerTexts()).resolves.toEqual([
      'Name',
      'Email (Username)',
      'Password',
    ])
    await expect(table.getByRole('row').count()).resolves.toBe(14)
    await expect(table.getByRole('row', { name: /ana\.lima@example\.test/ }).innerText()).resolves.toMatch(
      /Ana Lima\s+ana\.lima@example\.test\s+#AnaLima4/,
    )
    await expectNoAxeViolations(page)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download credentials (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^imported-credentials-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('Name,Email (Username),Password')
    expect(lines).toHaveLength(14)
    expect(lines).toContain('Ana Lima,ana.lima@example.test,#AnaLima4')
    // The formula is kept as text: a leading quote, and the cell quoted for its commas and quotes.
    const formulaLine = lines.find((line) => line.includes('formula@example.test'))!
    expect(formulaLine.startsWith(`"'=HYPERLINK(""http://evil.test"",""x"")`)).toBe(true)
    expect(lines.every((line) => !/^[=+\-@]/.test(line) && !/,[=+\-@]/.test(line))).toBe(true)
    browser.expectNoPageErrors()
  }, 60_000)

  test('a file with bad rows imports the good ones and lists each failure with its row and reason', async () => {
    await open('/admin/import', 'Bulk Import')
    const csv = [
      DISC_HEADER,
      'Good,Person,good.person@example.test,50,50,50,50',
      'Too,High,too.high@example.test,150,50,50,50',
      'Text,Score,text.score@example.test,lots,50,50,50',
      'No,At,no-at.example.test,50,50,50,50',
      'Again,Person,good.person@example.test,50,50,50,50',
    ].join('\n')
    await csvArea('DISC').fill(csv)
    await importButton().click()
    const panel = resultPanel()
    await panel.getByRole('heading', { name: 'Import Successful' }).waitFor({ timeout: 30_000 })
    await expect(panel.getByRole('definition').allInnerTexts()).resolves.toEqual(['5', '1', '4'])
    const failures = panel.getByRole('region', { name: 'Failed rows and their reasons' })
    const cells = await failures.getByRole('row').allInnerTexts()
    expect(cells.slice(1).map((row) => row.split('\t')[0])).toEqual(['3', '4', '5', '6'])
    expect(cells[1]).toContain('between 0 and 100')
    expect(cells[2]).toContain('DISC scores must be numbers')
    expect(cells[3]).toContain('Invalid email address')
    expect(cells[4]).toContain('Duplicate email')
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  }, 60_000)

  test('imports a Prevue file, and refuses a file with the wrong header with the server message', async () => {
    await open('/admin/import', 'Bulk Import')
    await page.getByRole('tab', { name: 'Prevue Import' }).click()
    const scores = [7, 6, 8, 5, 7, 4, 3, 6, 5, 7, 6, 4, 5, 8, 3, 7, 6, 5, 6, 5].join(',')
    await csvArea('Prevue').fill(`${PREVUE_HEADER}\nPia,Stone,pia.stone@example.test,${scores}\n`)
    await importButton().click()
    const panel = resultPanel()
    await panel.getByRole('heading', { name: 'Import Successful' }).waitFor({ timeout: 30_000 })
    await expect(panel.getByRole('definition').allInnerTexts()).resolves.toEqual(['1', '1', '0'])
    await expect(panel.getByRole('row', { name: /pia\.stone@example\.test/ }).innerText()).resolves.toContain(
      '#PiaStone5',
    )

    await page.getByRole('tab', { name: 'DISC Import' }).click()
    await csvArea('DISC').fill(`${PREVUE_HEADER}\nPia,Stone,pia.other@example.test,${scores}\n`)
    await importButton().click()
    await expectToast(page, 'Import Failed', 'This looks like a Prevue file')
    await resultPanel().getByRole('heading', { name: 'Import Failed' }).waitFor()
    await expect(resultPanel().innerText()).resolves.toContain('This looks like a Prevue file')
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors([/status of 400/])
  }, 60_000)

  test('while an import runs, the tabs are disabled and the button reads Processing...', async () => {
    await open('/admin/import', 'Bulk Import')
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/simple-import', async (route) => {
      await held
      await route.continue()
    })
    await csvArea('DISC').fill(`${DISC_HEADER}\nHeld,Back,held.back@example.test,10,10,10,90`)
    await importButton().click()
    await page.getByRole('button', { name: 'Processing...' }).waitFor()
    await expect(page.getByRole('button', { name: 'Processing...' }).isDisabled()).resolves.toBe(true)
    await expect(page.getByRole('tab', { name: 'DISC Import' }).isDisabled()).resolves.toBe(true)
    await expect(page.getByRole('tab', { name: 'Prevue Import' }).isDisabled()).resolves.toBe(true)
    await expect(progressBar().isVisible()).resolves.toBe(true)
    release()
    await resultPanel().getByRole('heading', { name: 'Import Successful' }).waitFor({ timeout: 30_000 })
    await expect(page.getByRole('tab', { name: 'Prevue Import' }).isDisabled()).resolves.toBe(false)
    await page.unroute('**/api/simple-import')
    browser.expectNoPageErrors()
  }, 60_000)
})

describe('Import Users (/admin/simple-import)', () => {
  test('adds a single user with scores defaulting to 50, and lists the lower-case credentials', async () => {
    await open('/admin/simple-import', 'Import Users')
    await expect(page.getByRole('tab', { name: 'Single User' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    )
    for (const label of ['D (Dominance)', 'I (Influence)', 'S (Steadiness)', 'C (Conscientiousness)']) {
      await expect(page.getByLabel(label).inputValue()).resolves.toBe('50')
    }
    await expect(page.getByText(/a hash sign \(#\), then the first name/).count()).resolves.toBe(1)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Add User' }).click()
    await expectToast(page, 'Invalid input', 'Please fill all fields with valid data')

    await page.getByLabel('First Name').fill('Ines')
    await page.getByLabel('Last Name').fill('Bauer')
    await page.getByLabel('Email').fill('ines.bauer@example.test')
    await page.getByLabel('D (Dominance)').fill('85')
    await page.getByRole('button', { name: 'Add User' }).click()
    await expectToast(page, 'User successfully imported')
    const credentials = page.getByRole('region', { name: 'Generated Credentials' })
    await expect(credentials.getByRole('columnheader').allInnerTexts()).resolves.toEqual([
      'Name',
      'Email/Username',
      'Password',
    ])
    await expect(
      credentials.getByRole('row', { name: /ines\.bauer@example\.test/ }).innerText(),
    ).resolves.toContain('#inesbauer5')
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('')

    await page.getByLabel('First Name').fill('Ines')
    await page.getByLabel('Last Name').fill('Bauer')
    await page.getByLabel('Email').fill('ines.bauer@example.test')
    await page.getByRole('button', { name: 'Add User' }).click()
    await expectToast(page, 'Import Failed')
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors([/status of 4\d\d/])
  }, 60_000)

  test("the bulk tab's Parse Data gives the spec's messages, previews, and Import All imports", async () => {
    await open('/admin/simple-import', 'Import Users')
    await page.getByRole('tab', { name: 'Bulk Import' }).click()
    const text = page.getByLabel('User data')
    const parse = () => page.getByRole('button', { name: 'Parse Data' }).click()

    await parse()
    await expectToast(page, 'Empty input', 'Please enter data in the text area')
    await text.fill('Ana,Lima')
    await parse()
    await expectToast(page, 'Invalid format', "Line doesn't have enough values: Ana,Lima")
    await text.fill(',Lima,ana@example.test,1,2,3,4')
    await parse()
    await expectToast(page, 'Missing data', 'First name, last name, and email are required')
    await text.fill('Ana,Lima,ana@example.test,lots,2,3,4')
    await parse()
    await expectToast(page, 'Invalid DISC scores', 'DISC scores must be numbers')
    await text.fill('# nobody here\n\n')
    await parse()
    await expectToast(page, 'No users to import', 'No valid users found in the input data')

    await page.getByRole('button', { name: 'Load Sample' }).click()
    await parse()
    await expectToast(page, 'CSV Parsed Successfully', 'Found 3 users to import')
    const preview = page.getByRole('region', { name: 'Users to import' })
    await page.getByRole('heading', { name: 'Preview (3 users)' }).waitFor()
    await expect(preview.getByRole('columnheader').allInnerTexts()).resolves.toEqual([
      'Name',
      'Email',
      'DISC Scores',
    ])
    await expectNoAxeViolations(page)
    await text.press('End')
    await text.press('Space')
    await expect(preview.count()).resolves.toBe(0)

    await text.fill(
      'Olga,Petrova,olga.petrova@example.test,20,30,40,90\nTomas,Novak,tomas.novak@example.test,90,30,20,10',
    )
    // Import All parses first (its toast is soon replaced by the import's).
    await page.getByRole('button', { name: 'Import All' }).click()
    await expectToast(page, 'Bulk Import Complete', 'Successfully imported 2 of 2 users')
    await expect(text.inputValue()).resolves.toBe('')
    const credentials = page.getByRole('region', { name: 'Generated Credentials' })
    await expect(
      credentials.getByRole('row', { name: /olga\.petrova@example\.test/ }).innerText(),
    ).resolves.toContain('#OlgaPetrova7')

    await text.fill('Olga,Petrova,olga.petrova@example.test,20,30,40,90')
    await page.getByRole('button', { name: 'Parse Data' }).click()
    await expectToast(page, 'CSV Parsed Successfully')
    await page.getByRole('button', { name: 'Import All' }).click()
    await expectToast(page, 'Bulk Import Failed', 'No users were imported successfully')
    await expect(text.inputValue()).resolves.not.toBe('')
    browser.expectNoPageErrors()
  }, 60_000)
})

describe('the import pages for others', () => {
  test('a standard user is sent to / with Access Denied', async () => {
    const standard = await fixture.createAccount('standard', { firstName: 'Stan', lastName: 'Dard' })
    const session = await fixture.newBrowserSession(standard.session)
    const standardPage = await session.newPage()
    for (const path of ['/admin/import', '/admin/simple-import'])
      await expectAdministratorsOnly(standardPage, `${fixture.product.url}${path}`, '/')
    session.expectNoPageErrors()
    await session.close()
  })
})
