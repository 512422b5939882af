import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { routePatterns } from '@app/domain/spa-routes'
import { ApiSession, registerUser, type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo } from '../../src/outbox.ts'
import { pathnameOf, waitForSettledPage } from '../../src/pages.ts'

// The browser-side shapes read here (this package's TypeScript has no DOM library).
type Root = { document: { documentElement: { scrollWidth: number } } }
type Scroller = { scrollWidth: number; clientWidth: number }

const PHONE = 320
// Names and addresses as long as real ones get: the lists and cards that show them must wrap, not widen.
const LONG = { firstName: 'Maximiliana-Alexandrina', lastName: 'Featherstonehaugh-Worthington' }
const LONG_EMAIL = 'maximiliana-alexandrina.featherstonehaugh-worthington.invited@subsidiary.example.test'

// The spec's first passwords, so that long names make long passwords to wrap.
const fixture = useProduct({ IMPORT_PASSWORD_FORMAT: 'spec' })
let owner: Account
let mustChange: ApiSession
const browsers: Partial<Record<'signedOut' | 'owner' | 'mustChange' | 'administrator', BrowserSession>> = {}

beforeAll(async () => {
  owner = await fixture.createAccount('standard', LONG)
  for (const primary of [70, 20])
    await owner.session.expect(201, 'POST', '/api/assessments', {
      dScore: primary,
      iScore: 50,
      sScore: 30,
      cScore: 10,
    })
  await owner.session.expect(201, 'POST', '/api/invitations', {
    inviteeName: `${LONG.firstName} ${LONG.lastName}`,
    inviteeEmail: LONG_EMAIL,
    inviteeRole: 'guest_owner',
  })
  // Registered by the administrator and signed in once: this session may only change its password.
  const registered = await registerUser(fixture.administrator, 'standard', {
    ...LONG,
    username: 'registered.with.a.rather.long.username.for.a.phone@subsidiary.example.test',
  })
  mustChange = new ApiSession(fixture.product.url)
  await mustChange.login(registered.username, registered.password)
})

afterAll(async () => {
  for (const browser of Object.values(browsers)) await browser?.close()
})

type Visit = { who: keyof typeof browsers; path: () => string | Promise<string> }

/** Who opens each route of the spec's table: a role that may open it, with data on the page. */
const VISITS: Record<string, Visit> = {
  '/login': { who: 'signedOut', path: () => '/login' },
  '/login-success': { who: 'signedOut', path: () => '/login-success' },
  '/forgot-password': { who: 'signedOut', path: () => '/forgot-password' },
  '/reset-password': { who: 'signedOut', path: () => '/reset-password' },
  '/confirm-email': { who: 'signedOut', path: () => '/confirm-email' },
  '/invite/:token': {
    who: 'signedOut',
    path: async () => new URL(await linkSentTo(fixture.product.dataDirectory, LONG_EMAIL)).pathname,
  },
  '/': { who: 'owner', path: () => '/' },
  '/change-password': { who: 'mustChange', path: () => '/change-password' },
  '/delete-account': { who: 'owner', path: () => '/delete-account' },
  '/history': { who: 'owner', path: () => '/history' },
  '/collaborate': { who: 'owner', path: () => '/collaborate' },
  '/teams': { who: 'owner', path: () => '/teams' },
  '/share-profile': { who: 'owner', path: () => '/share-profile' },
  '/ask-ai': { who: 'owner', path: () => '/ask-ai' },
  '/scores': { who: 'owner', path: () => '/scores' },
  '/assessment': { who: 'owner', path: () => '/assessment' },
  '/request-assessment': { who: 'owner', path: () => '/request-assessment' },
  '/admin/import': { who: 'administrator', path: () => '/admin/import' },
  '/admin/simple-import': { who: 'administrator', path: () => '/admin/simple-import' },
  '/admin/audit': { who: 'administrator', path: () => '/admin/audit' },
  '/admin/users': { who: 'administrator', path: () => '/admin/users' },
  '/admin/user-management': { who: 'administrator', path: () => '/admin/user-management' },
}

async function browserOf(who: Visit['who']): Promise<BrowserSession> {
  const signedInAs = {
    signedOut: undefined,
    owner: owner.session,
    mustChange,
    administrator: fixture.administrator,
  }[who]
  browsers[who] ??= await fixture.newBrowserSession(signedInAs)
  return browsers[who]
}

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as Root).document.documentElement.scrollWidth)
}

async function openAt(who: Visit['who'], path: string, width: number): Promise<Page> {
  const page = await (await browserOf(who)).newPage()
  await page.setViewportSize({ width, height: 700 })
  await page.goto(`${fixture.product.url}${path}`)
  await waitForSettledPage(page)
  // Lists and cards fill in after the heading: measure once the page's calls have answered.
  await page.waitForLoadState('networkidle')
  return page
}

describe('no page scrolls sideways on a 320 px phone', () => {
  test('every route of the route table has a visit here', () => {
    expect(Object.keys(VISITS).sort()).toEqual([...routePatterns].sort())
  })

  test.each(Object.entries(VISITS))('%s', async (pattern, visit) => {
    const { who } = visit
    const path = await visit.path()
    const page = await openAt(who, path, PHONE)
    // The route guard let this role in: the page measured is the route's own.
    expect(pathnameOf(page)).toBe(path)
    expect(await scrollWidth(page), `${pattern} at ${PHONE} px`).toBeLessThanOrEqual(PHONE)
    await expectNoAxeViolations(page)
    await page.close()
    ;(await browserOf(who)).expectNoPageErrors()
  })

  test('the not-found page', async () => {
    const page = await openAt('owner', '/no-such-page', PHONE)
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE)
    await page.close()
  })
})

describe("the administrator's quick-question tools on a phone", () => {
  test.each([320, 390])('fit %i px: the list, the add form and the bulk import panel', async (width) => {
    const page = await openAt('administrator', '/', width)
    const quickQuestions = page.getByRole('region', { name: 'Quick Questions' })
    await quickQuestions.getByRole('button', { name: 'Add Question' }).waitFor()
    expect(await scrollWidth(page), 'the list').toBeLessThanOrEqual(width)
    await quickQuestions.getByRole('button', { name: 'Add Question' }).click()
    await page
      .getByRole('button', { name: /^(Save|Add|Create)/ })
      .first()
      .waitFor()
    expect(await scrollWidth(page), 'the add form').toBeLessThanOrEqual(width)
    await expectNoAxeViolations(page)
    await quickQuestions.getByRole('button', { name: 'Bulk Import' }).click()
    await page
      .getByRole('button', { name: /Import/ })
      .last()
      .waitFor()
    expect(await scrollWidth(page), 'the bulk import panel').toBeLessThanOrEqual(width)
    await expectNoAxeViolations(page)
    await page.close()
    ;(await browserOf('administrator')).expectNoPageErrors()
  })
})

describe('Bulk Import on a phone', () => {
  test.each([320, 390])('fits %i px on both tabs', async (width) => {
    const page = await openAt('administrator', '/admin/import', width)
    expect(await scrollWidth(page), 'DISC tab').toBeLessThanOrEqual(width)
    await page.getByRole('tab', { name: 'Prevue Import' }).click()
    await page.getByRole('region', { name: 'Prevue sample CSV' }).waitFor()
    expect(await scrollWidth(page), 'Prevue tab').toBeLessThanOrEqual(width)
    await expectNoAxeViolations(page)
    await page.close()
  })
})

/** The page is no wider than the phone, and every password of the credentials shows whole, in the table. */
async function expectWholeCredentials(page: Page, credentials: Locator, width: number, count: number) {
  expect(await scrollWidth(page), 'the page').toBeLessThanOrEqual(width)
  const table = await credentials.evaluate((element) => {
    const { scrollWidth, clientWidth } = element as unknown as Scroller
    return { scrollWidth, clientWidth }
  })
  expect(table.scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(table.clientWidth)
  const region = (await credentials.boundingBox())!
  const passwords = credentials.locator('tbody tr td:nth-child(3)')
  await expect(passwords.count()).resolves.toBe(count)
  for (const cell of await passwords.all()) {
    const box = (await cell.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(region.x)
    expect(box.x + box.width).toBeLessThanOrEqual(region.x + region.width)
    expect((await cell.innerText()).length).toBeGreaterThan(20)
  }
}

describe('the credentials of an import on a phone', () => {
  test.each([390, 320])('show every password whole at %i px, without scrolling sideways', async (width) => {
    const page = await openAt('administrator', '/admin/import', width)
    // Long names make long generated passwords, and long addresses.
    const rows = [
      'Bartholomew-Maximilian,Featherstonehaugh-Worthington',
      'Anastasia-Konstantina,Vanderbilt-Montgomery',
    ].map(
      (name, index) =>
        `${name},${name.split(',')[0]!.toLowerCase()}.${width}.${index}@subsidiary-company.example.test,70,50,30,10`,
    )
    await page
      .getByLabel('DISC CSV data')
      .fill(['firstName,lastName,email,dScore,iScore,sScore,cScore', ...rows].join('\n'))
    await page.getByRole('button', { name: 'Import Data' }).click()
    const credentials = page.getByRole('region', { name: 'Imported users and their passwords' })
    await credentials.waitFor({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')

    await expectWholeCredentials(page, credentials, width, rows.length)
    await expectNoAxeViolations(page)
    await page.close()
    ;(await browserOf('administrator')).expectNoPageErrors()
  })
})

describe('the single add of Import Users on a phone', () => {
  test('fits 320 px, with the generated password whole', async () => {
    const page = await openAt('administrator', '/admin/simple-import', PHONE)
    await page.getByLabel('First Name').fill('Bartholomew-Maximilian')
    await page.getByLabel('Last Name').fill('Featherstonehaugh-Worthington')
    await page.getByLabel('Email').fill('bartholomew-maximilian.single@subsidiary-company.example.test')
    await page.getByRole('button', { name: 'Add User' }).click()
    const credentials = page.getByRole('region', { name: 'Generated Credentials' })
    await credentials.waitFor()
    await expectWholeCredentials(page, credentials, PHONE, 1)
    await expectNoAxeViolations(page)
    await page.close()
  })
})
