import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { routePatterns } from '@app/domain/spa-routes'
import { ApiSession, registerUser, type Role } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { pathnameOf, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

type Visitor = 'anonymous' | Role
const VISITORS: readonly Visitor[] = [
  'anonymous',
  'guest_standard',
  'guest_owner',
  'standard',
  'administrator',
]

const STAY = 'stays'
type Landing = typeof STAY | `/${string}`

/**
 * Where each visitor lands, written out from the spec (accounts-and-access sections 2 and 6) rather than
 * taken from the shared route table, so this checks that table too:
 * - public routes open for everyone;
 * - signed-in routes send anonymous visitors to /login;
 * - /admin/import and /admin/simple-import send non-administrators to /;
 * - /admin/users and /admin/user-management send non-administrators to /login (the rule naming these two
 *   routes is more specific than the general guest rule, which would say /), and so does /admin/audit
 *   (docs/decisions/059-audit-log.md);
 * - guest_standard may reach only / (and the public routes), guest_owner also /collaborate,
 *   /share-profile and /history; otherwise a guest goes to /;
 * - /change-password (decision 033) is open to every signed-in role, guests included, and so is the page of a
 *   mailed deletion link, /delete-account (docs/decisions/066-deletion-link.md).
 */
const EXPECTED: Record<string, Record<Visitor, Landing>> = {
  '/login': { anonymous: STAY, guest_standard: STAY, guest_owner: STAY, standard: STAY, administrator: STAY },
  '/login-success': {
    anonymous: STAY,
    guest_standard: STAY,
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/forgot-password': {
    anonymous: STAY,
    guest_standard: STAY,
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/reset-password': {
    anonymous: STAY,
    guest_standard: STAY,
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/confirm-email': {
    anonymous: STAY,
    guest_standard: STAY,
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/': { anonymous: '/login', guest_standard: STAY, guest_owner: STAY, standard: STAY, administrator: STAY },
  '/ask-ai': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: STAY,
    administrator: STAY,
  },
  '/history': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/collaborate': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  // Saved teams (decision 058): for those who save profiles; guests go home.
  '/teams': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: STAY,
    administrator: STAY,
  },
  '/share-profile': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/scores': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: STAY,
    administrator: STAY,
  },
  '/assessment': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: STAY,
    administrator: STAY,
  },
  '/request-assessment': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: STAY,
    administrator: STAY,
  },
  '/change-password': {
    anonymous: '/login',
    guest_standard: STAY,
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/delete-account': {
    anonymous: '/login',
    guest_standard: STAY,
    guest_owner: STAY,
    standard: STAY,
    administrator: STAY,
  },
  '/admin/import': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: '/',
    administrator: STAY,
  },
  '/admin/simple-import': {
    anonymous: '/login',
    guest_standard: '/',
    guest_owner: '/',
    standard: '/',
    administrator: STAY,
  },
  '/admin/audit': {
    anonymous: '/login',
    guest_standard: '/login',
    guest_owner: '/login',
    standard: '/login',
    administrator: STAY,
  },
  '/admin/users': {
    anonymous: '/login',
    guest_standard: '/login',
    guest_owner: '/login',
    standard: '/login',
    administrator: STAY,
  },
  '/admin/user-management': {
    anonymous: '/login',
    guest_standard: '/login',
    guest_owner: '/login',
    standard: '/login',
    administrator: STAY,
  },
}

// Header buttons: Profile, Ask, Collaborate, Share and Request, plus Import and Manage Users for the
// administrator; a guest sees only the buttons of routes the guest may open.
const NAVIGATION: Record<Role, string[]> = {
  guest_standard: ['Ask'],
  guest_owner: ['Profile', 'Ask', 'Collaborate', 'Share'],
  standard: ['Profile', 'Ask', 'Collaborate', 'Share', 'Request'],
  administrator: ['Profile', 'Ask', 'Collaborate', 'Share', 'Request', 'Import', 'Manage Users'],
}

const fixture = useProduct()
const sessions = new Map<Visitor, BrowserSession>()
const pages = new Map<Visitor, Page>()

beforeAll(async () => {
  const apiSessions: Partial<Record<Visitor, ApiSession>> = { administrator: fixture.administrator }
  for (const role of ['guest_standard', 'guest_owner', 'standard'] as const) {
    apiSessions[role] = (await fixture.createAccount(role, { firstName: 'Route', lastName: role })).session
  }
  for (const visitor of VISITORS) {
    const session = await fixture.newBrowserSession(apiSessions[visitor])
    sessions.set(visitor, session)
    pages.set(visitor, await session.newPage())
  }
})

afterAll(async () => {
  for (const session of sessions.values()) await session.close()
})

describe('route guards in the browser', () => {
  test.each(VISITORS)('%s lands where the spec says on every route', async (visitor) => {
    const page = pages.get(visitor)!
    const landings: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const [route, byVisitor] of Object.entries(EXPECTED)) {
      await page.goto(`${fixture.product.url}${route}`)
      await waitForSettledPage(page)
      landings[route] = pathnameOf(page)
      const landing = byVisitor[visitor]
      expected[route] = landing === STAY ? route : landing
    }
    expect(landings).toEqual(expected)
    sessions.get(visitor)!.expectNoPageErrors()
  })

  test.each(VISITORS)('%s gets the page shell the spec gives that role', async (visitor) => {
    const page = pages.get(visitor)!
    await page.goto(`${fixture.product.url}${visitor === 'anonymous' ? '/login' : '/'}`)
    await waitForSettledPage(page)
    const banner = page.getByRole('banner')
    const navigation = banner.getByRole('navigation', { name: 'Main' })
    if (visitor === 'anonymous') {
      await expect(banner.getByRole('link', { name: 'Login', exact: true }).isVisible()).resolves.toBe(true)
      await expect(navigation.count()).resolves.toBe(0)
    } else {
      await navigation.waitFor() // the page buttons load beside the first signed-in page
      const links = navigation.getByRole('link')
      await expect(links.allInnerTexts()).resolves.toEqual(NAVIGATION[visitor])
      await expect(navigation.locator('[aria-current="page"]').allInnerTexts()).resolves.toEqual(['Ask'])
      await expect(banner.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true)
      await expect(banner.getByText(`Route ${visitor}`, { exact: true }).count()).resolves.toBe(
        visitor === 'administrator' ? 0 : 1,
      )
    }
    await expectNoAxeViolations(page)
    sessions.get(visitor)!.expectNoPageErrors()
  })
})

/** The spellings of a path the router opens too: letter case, and trailing slashes. */
function variantsOf(route: string): string[] {
  if (route === '/') return ['//']
  const capitalised = route.replace(/\/([a-z])/g, (_, letter: string) => `/${letter.toUpperCase()}`)
  return [route.toUpperCase(), `${capitalised}/`]
}

// A route variant stays on its own spelling or goes where the canonical route goes.
function expectedLanding(variant: string, landing: Landing): string {
  return landing === STAY ? variant : landing
}

describe('route guards for every spelling of every route', () => {
  test('the matrix covers every route of the shared route table', () => {
    const tableRoutes = routePatterns.map((pattern) => pattern.replace(':token', '{token}'))
    expect([...Object.keys(EXPECTED), '/invite/{token}'].sort()).toEqual([...tableRoutes].sort())
  })

  test.each(VISITORS)(
    '%s lands the same on case and trailing-slash variants',
    async (visitor) => {
      const page = pages.get(visitor)!
      const landings: Record<string, string> = {}
      const expected: Record<string, string> = {}
      for (const [route, byVisitor] of Object.entries(EXPECTED)) {
        for (const variant of variantsOf(route)) {
          await page.goto(`${fixture.product.url}${variant}`)
          await waitForSettledPage(page)
          landings[variant] = pathnameOf(page)
          expected[variant] = expectedLanding(variant, byVisitor[visitor])
        }
      }
      expect(landings).toEqual(expected)
      sessions.get(visitor)!.expectNoPageErrors()
    },
    60_000,
  )

  test('a session that must change its password reaches only /change-password and the public routes', async () => {
    const registered = await registerUser(fixture.administrator, 'standard', {
      firstName: 'Route',
      lastName: 'Newcomer',
    })
    const api = new ApiSession(fixture.product.url)
    await api.login(registered.username, registered.password)
    const session = await fixture.newBrowserSession(api)
    const page = await session.newPage()
    const landings: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const [route, byVisitor] of Object.entries(EXPECTED)) {
      const isPublic = byVisitor.anonymous === STAY
      for (const variant of [route, ...variantsOf(route)]) {
        await page.goto(`${fixture.product.url}${variant}`)
        await waitForSettledPage(page)
        landings[variant] = pathnameOf(page)
        expected[variant] = isPublic || route === '/change-password' ? variant : '/change-password'
      }
    }
    expect(landings).toEqual(expected)
    await session.close()
    session.expectNoPageErrors()
  }, 60_000)

  test('an invitation link of any spelling opens for everyone', async () => {
    for (const visitor of VISITORS) {
      const page = pages.get(visitor)!
      for (const variant of ['/invite/abc', '/INVITE/abc', '/invite/abc/']) {
        await page.goto(`${fixture.product.url}${variant}`)
        await waitForSettledPage(page)
        expect(pathnameOf(page)).toBe(variant)
      }
    }
  })
})
