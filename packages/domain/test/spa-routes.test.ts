import { describe, expect, it } from 'vitest'
import { decidePattern, decideRoute, findRoutePattern, mayOpen, routePatterns } from '../src/spa-routes.ts'

describe('SPA route guards (docs/requirements.md section 6)', () => {
  it('lets anyone open the public routes', () => {
    for (const path of ['/login', '/login-success', '/forgot-password', '/reset-password', '/invite/abc']) {
      expect(decideRoute(path, null)).toEqual({ allow: true })
    }
  })

  it('sends signed-out visitors of signed-in routes to /login', () => {
    for (const path of [
      '/',
      '/history',
      '/scores',
      '/assessment',
      '/request-assessment',
      '/share-profile',
      '/ask-ai',
      '/collaborate',
      '/admin/import',
      '/admin/simple-import',
      '/admin/users',
      '/admin/user-management',
    ]) {
      expect(decideRoute(path, null)).toEqual({ allow: false, redirectTo: '/login' })
    }
  })

  it('sends non-administrators away from the admin screens as the spec says', () => {
    expect(decideRoute('/admin/import', 'standard')).toEqual({ allow: false, redirectTo: '/' })
    expect(decideRoute('/admin/simple-import', 'standard')).toEqual({ allow: false, redirectTo: '/' })
    expect(decideRoute('/admin/users', 'standard')).toEqual({ allow: false, redirectTo: '/login' })
    expect(decideRoute('/admin/user-management', 'guest_owner')).toEqual({
      allow: false,
      redirectTo: '/login',
    })
    expect(decideRoute('/admin/user-management', 'administrator')).toEqual({ allow: true })
  })

  it('limits guest_standard to / and guest_owner to /, /collaborate, /share-profile and /history', () => {
    expect(decideRoute('/', 'guest_standard')).toEqual({ allow: true })
    expect(decideRoute('/history', 'guest_standard')).toEqual({ allow: false, redirectTo: '/' })
    expect(decideRoute('/scores', 'guest_owner')).toEqual({ allow: false, redirectTo: '/' })
    for (const path of ['/', '/collaborate', '/share-profile', '/history']) {
      expect(decideRoute(path, 'guest_owner')).toEqual({ allow: true })
    }
  })

  it('opens /teams to those who save profiles, and sends guests home and visitors to /login', () => {
    expect(decideRoute('/teams', 'administrator')).toEqual({ allow: true })
    expect(decideRoute('/teams', 'standard')).toEqual({ allow: true })
    expect(decideRoute('/teams', 'guest_owner')).toEqual({ allow: false, redirectTo: '/' })
    expect(decideRoute('/teams', 'guest_standard')).toEqual({ allow: false, redirectTo: '/' })
    expect(decideRoute('/teams', null)).toEqual({ allow: false, redirectTo: '/login' })
  })

  it('exempts administrators and standard users from guest redirects', () => {
    for (const role of ['administrator', 'standard'] as const) {
      expect(decideRoute('/scores', role)).toEqual({ allow: true })
      expect(decideRoute('/ask-ai', role)).toEqual({ allow: true })
    }
  })

  it('reports unknown paths as not found, whatever the role', () => {
    expect(decideRoute('/nope', null)).toEqual({ notFound: true })
    expect(decideRoute('/history/extra', 'standard')).toEqual({ notFound: true })
  })

  it('treats a trailing slash like the canonical path', () => {
    expect(decideRoute('/history/', null)).toEqual({ allow: false, redirectTo: '/login' })
  })

  it('matches paths the way the router does: any case, trailing slashes, percent-encoding', () => {
    expect(findRoutePattern('/HISTORY')).toBe('/history')
    expect(findRoutePattern('/Request-Assessment/')).toBe('/request-assessment')
    expect(findRoutePattern('/admin/USERS//')).toBe('/admin/users')
    expect(findRoutePattern('/%68istory')).toBe('/history')
    expect(findRoutePattern('/Invite/AbC')).toBe('/invite/:token')
    expect(findRoutePattern('/history-x')).toBeNull()
    expect(decideRoute('/Scores', null)).toEqual({ allow: false, redirectTo: '/login' })
    expect(decideRoute('/ASSESSMENT', 'guest_owner')).toEqual({ allow: false, redirectTo: '/' })
  })

  it('decides every route of the table the same by pattern and by any spelling of its path', () => {
    for (const pattern of routePatterns) {
      const path = pattern.replace(':token', 'abc')
      for (const variant of [path, path.toUpperCase(), `${path}/`]) {
        for (const role of [null, 'guest_standard', 'guest_owner', 'standard', 'administrator'] as const) {
          expect(decideRoute(variant, role)).toEqual(decidePattern(pattern, role))
        }
      }
    }
  })
})

describe('mayOpen: the links a role may be offered', () => {
  it('offers guests only what the route table lets them open', () => {
    expect(mayOpen('/history', 'guest_standard')).toBe(false)
    expect(mayOpen('/history', 'guest_owner')).toBe(true)
    expect(mayOpen('/assessment', 'guest_owner')).toBe(false)
    expect(mayOpen('/scores', 'guest_owner')).toBe(false)
    expect(mayOpen('/', 'guest_standard')).toBe(true)
    expect(mayOpen('/assessment', 'standard')).toBe(true)
    expect(mayOpen('/admin/users', 'standard')).toBe(false)
    expect(mayOpen('/nowhere', 'administrator')).toBe(false)
  })
})
