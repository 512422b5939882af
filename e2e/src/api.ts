import type { PublicUser } from '@app/contracts/auth'
import type { BrowserContext } from 'playwright-core'

export type Role = PublicUser['role']

export type ApiAnswer = { status: number; body: unknown }

const SESSION_COOKIE = 'session'

/**
 * A client of the product's HTTP API that keeps the session cookie the way a browser would, so tests can
 * prepare accounts through the real API before they browse.
 */
export class ApiSession {
  #cookie: string | null = null

  constructor(readonly baseUrl: string) {}

  /** The current session token, for handing the same session to a browser context. */
  get sessionToken(): string | null {
    return this.#cookie
  }

  async call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.#cookie) headers.cookie = `${SESSION_COOKIE}=${this.#cookie}`
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    })
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';')
      const [name, value = ''] = pair.trim().split(/=(.*)/s)
      if (name !== SESSION_COOKIE) continue
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === ''
      this.#cookie = expired ? null : value
    }
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  /** Calls and insists on the expected status, showing the answer when it differs. */
  async expect(status: number, method: string, path: string, body?: unknown): Promise<unknown> {
    const answer = await this.call(method, path, body)
    if (answer.status !== status) {
      throw new Error(
        `${method} ${path} answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body)}`,
      )
    }
    return answer.body
  }

  async login(username: string, password: string): Promise<PublicUser> {
    return (await this.expect(200, 'POST', '/api/auth/login', { username, password })) as PublicUser
  }

  /** Puts this session's cookie into a browser context, as if that browser had signed in itself. */
  async shareWith(context: BrowserContext): Promise<void> {
    if (!this.#cookie) throw new Error('This API session is not signed in')
    await context.addCookies([
      { name: SESSION_COOKIE, value: this.#cookie, url: this.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ])
  }
}

export type Registered = { user: PublicUser; username: string; password: string }

export type Account = Registered & {
  /** Signed in, with the required password change already done. */
  session: ApiSession
}

let accountCounter = 0

/** An administrator registers a user with the given role; the user must change the password at first login. */
export async function registerUser(
  administrator: ApiSession,
  role: Role,
  names: { firstName: string; lastName: string },
): Promise<Registered> {
  accountCounter += 1
  const username = `${names.firstName}.${names.lastName}.${accountCounter}@example.test`.toLowerCase()
  const password = `Initial-${accountCounter}-${Math.random().toString(36).slice(2, 10)}`
  const user = (await administrator.expect(201, 'POST', '/api/auth/register', {
    username,
    email: username,
    password,
    role,
    ...names,
  })) as PublicUser
  return { user, username, password }
}

/** A registered user who has signed in through the API and replaced the administrator's password. */
export async function createAccount(
  administrator: ApiSession,
  role: Role,
  names: { firstName: string; lastName: string },
): Promise<Account> {
  const registered = await registerUser(administrator, role, names)
  const session = new ApiSession(administrator.baseUrl)
  await session.login(registered.username, registered.password)
  const password = `Chosen-${registered.user.id}-${Math.random().toString(36).slice(2, 10)}`
  await session.expect(200, 'POST', '/api/auth/change-password', {
    currentPassword: registered.password,
    newPassword: password,
  })
  return { ...registered, user: { ...registered.user, mustChangePassword: false }, password, session }
}
