import type { PublicUser } from '@app/contracts/auth'
import type { BrowserContext } from 'playwright-core'

export type Role = PublicUser['role']

export type ApiAnswer = {
  status: number
  /** The parsed JSON answer; the text when it is not JSON; null when empty. */
  body: unknown
  headers: Headers
  /** The Set-Cookie line of the session cookie, when the answer set or cleared it. */
  setCookie: string | undefined
}

export const SESSION_COOKIE = 'session'

function parseBody(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * The one client of the product's HTTP API in the tests. It keeps the session cookie and sends the Origin
 * header the way a browser on the product's page would, so tests prepare accounts and call the API as a user.
 */
export class ApiSession {
  #cookie: string | null = null

  constructor(readonly baseUrl: string) {}

  /** The current session token, for handing the same session to a browser context. */
  get sessionToken(): string | null {
    return this.#cookie
  }

  /** Carries a token from elsewhere from now on, e.g. to replay a session that has ended. */
  useSessionToken(token: string | null): void {
    this.#cookie = token
  }

  async call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      origin: new URL(this.baseUrl).origin,
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.#cookie) headers.cookie = `${SESSION_COOKIE}=${this.#cookie}`
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    })
    let setCookie: string | undefined
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';')
      const [name, value = ''] = pair.trim().split(/=(.*)/s)
      if (name !== SESSION_COOKIE) continue
      setCookie = header
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === ''
      this.#cookie = expired ? null : value
    }
    return {
      status: response.status,
      body: parseBody(await response.text()),
      headers: response.headers,
      setCookie,
    }
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
  /** The administrator's password it was registered with, replaced at the first login. */
  initialPassword: string
  /** Signed in, with the required password change already done. */
  session: ApiSession
}

/** Who to register: names, and optionally the username and the password the user will choose. */
export type Person = { firstName: string; lastName: string; username?: string; password?: string }

let accountCounter = 0
const randomPart = () => Math.random().toString(36).slice(2, 10)

/** An administrator registers a user with the given role; the user must change the password at first login. */
export async function registerUser(
  administrator: ApiSession,
  role: Role,
  { firstName, lastName, username: chosenUsername }: Omit<Person, 'password'>,
): Promise<Registered> {
  accountCounter += 1
  const username = chosenUsername ?? `${firstName}.${lastName}.${accountCounter}@example.test`.toLowerCase()
  const password = `Initial-${accountCounter}-${randomPart()}`
  const user = (await administrator.expect(201, 'POST', '/api/auth/register', {
    username,
    email: username,
    password,
    role,
    firstName,
    lastName,
  })) as PublicUser
  return { user, username, password }
}

/** A registered user who has signed in through the API and replaced the administrator's password. */
export async function createAccount(administrator: ApiSession, role: Role, person: Person): Promise<Account> {
  const registered = await registerUser(administrator, role, person)
  const session = new ApiSession(administrator.baseUrl)
  await session.login(registered.username, registered.password)
  const password = person.password ?? `Chosen-${registered.user.id}-${randomPart()}`
  await session.expect(200, 'POST', '/api/auth/change-password', {
    currentPassword: registered.password,
    newPassword: password,
  })
  return {
    ...registered,
    user: { ...registered.user, mustChangePassword: false },
    initialPassword: registered.password,
    password,
    session,
  }
}

/**
 * Saves a DISC profile as the signed-in user (sharing refuses invitations from someone with none), with the
 * page's body, and answers its id.
 */
export async function saveDiscProfile(
  session: ApiSession,
  name: string,
  [dScore, iScore, sScore, cScore]: readonly [number, number, number, number] = [70, 50, 30, 10],
): Promise<number> {
  const saved = (await session.expect(201, 'POST', '/api/assessments', {
    name,
    dScore,
    iScore,
    sScore,
    cScore,
  })) as { id: number }
  return saved.id
}
