/** A caller of the product's API that keeps its session cookie, as a browser would. */
export class SessionClient {
  cookie: string | null = null
  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: `session=${this.cookie}` } : {}),
        origin: this.baseUrl,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('session='))
    if (setCookie) {
      const value = setCookie.slice('session='.length).split(';', 1)[0]!
      this.cookie = value === '' ? null : value
    }
    const text = await response.text()
    let json: unknown = null
    try {
      json = JSON.parse(text)
    } catch {
      json = null
    }
    return {
      status: response.status,
      json: json as Record<string, unknown>,
      headers: response.headers,
      setCookie,
    }
  }

  async logIn(username: string, password: string) {
    const response = await this.request('POST', '/api/auth/login', { username, password })
    if (response.status !== 200)
      throw new Error(`login failed for ${username}: ${response.status} ${JSON.stringify(response.json)}`)
    return response
  }
}

/** An administrator creates the account; its owner then replaces the administrator-set password. */
export async function createUser(
  baseUrl: string,
  admin: SessionClient,
  username: string,
  role: string,
  password = 'chosen password 1',
) {
  const temporary = 'temporary pass 1'
  const created = await admin.request('POST', '/api/auth/register', {
    username,
    password: temporary,
    email: username,
    firstName: 'Test',
    lastName: role,
    role,
  })
  if (created.status !== 201)
    throw new Error(`register failed: ${created.status} ${JSON.stringify(created.json)}`)
  const client = new SessionClient(baseUrl)
  await client.logIn(username, temporary)
  const changed = await client.request('POST', '/api/auth/change-password', {
    currentPassword: temporary,
    newPassword: password,
  })
  if (changed.status !== 200) throw new Error(`change-password failed: ${changed.status}`)
  return { client, id: created.json.id as number, username, password }
}
