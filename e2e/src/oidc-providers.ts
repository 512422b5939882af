import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { exportJWK, SignJWT, type JWK } from 'jose'
import Provider from 'oidc-provider'

/** The claims of one person at a test provider, by the login typed into its sign-in form. */
export type TestPerson = {
  email: string
  email_verified: boolean
  given_name?: string
  family_name?: string
  groups?: string[]
}

export type ProviderClient = { clientId: string; clientSecret: string }

/** A loopback server whose request handler is set once the product's address is known. */
async function listenLater(): Promise<{
  server: Server
  issuer: string
  handle(handler: (request: IncomingMessage, response: ServerResponse) => void): void
}> {
  let current: ((request: IncomingMessage, response: ServerResponse) => void) | null = null
  const server = createServer((request, response) => {
    if (current) return current(request, response)
    response.statusCode = 503
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, issuer: `http://127.0.0.1:${port}`, handle: (handler) => void (current = handler) }
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

export type RealProvider = {
  issuer: string
  client: ProviderClient
  /** People by the login typed into the provider's form. */
  people: Map<string, TestPerson>
  /** Serves the provider for the product at `productUrl`, whose callback it then accepts. */
  serveFor(productUrl: string, providerId: string): void
  close(): Promise<void>
}

/**
 * A certified OpenID provider (oidc-provider) on loopback: its development sign-in form takes any login,
 * whose claims come from `people`; consent is granted at once, as for a first-party application.
 */
export async function startRealProvider(): Promise<RealProvider> {
  const { server, issuer, handle } = await listenLater()
  const client = { clientId: 'product', clientSecret: randomBytes(24).toString('base64url') }
  const people = new Map<string, TestPerson>()
  return {
    issuer,
    client,
    people,
    serveFor(productUrl, providerId) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            redirect_uris: [`${productUrl}/api/auth/oidc/${providerId}/callback`],
            post_logout_redirect_uris: [`${productUrl}/login`],
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'name', 'groups'],
        },
        features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
        cookies: { keys: [randomBytes(16).toString('hex')] },
        async findAccount(_context, sub) {
          const person = people.get(sub)
          if (!person) return undefined
          return { accountId: sub, claims: async () => ({ sub, ...person }) }
        },
        // A first-party application: consent is given at once, as a tenant's provider would configure it.
        async loadExistingGrant(context) {
          const grant = new context.oidc.provider.Grant({
            clientId: context.oidc.client!.clientId,
            accountId: context.oidc.session!.accountId!,
          })
          grant.addOIDCScope('openid email profile')
          await grant.save()
          return grant
        },
      })
      handle(provider.callback())
    },
    close: () => closeServer(server),
  }
}

/** How the forging provider answers: a token-level attack a certified provider cannot be made to make. */
export type Forgery =
  | 'valid'
  | 'wrong-audience'
  | 'wrong-issuer'
  | 'expired'
  | 'alg-none'
  | 'other-key'
  | 'replayed-nonce'
  | 'mismatched-state'

export type ForgingProvider = {
  issuer: string
  client: ProviderClient
  /** The person every token names. */
  person: TestPerson
  /** What the next sign-in gets. */
  forgery: Forgery
  close(): Promise<void>
}

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 })

/**
 * A minimal OpenID provider on loopback that signs in `person` at once and answers with the ID token the
 * current `forgery` asks for, signed with jose: the attacks openid-client must refuse.
 */
export async function startForgingProvider(): Promise<ForgingProvider> {
  const { server, issuer, handle } = await listenLater()
  const signing = rsaKey()
  const stranger = rsaKey()
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  const client = { clientId: 'product', clientSecret: randomBytes(24).toString('base64url') }
  const codes = new Map<string, { nonce: string }>()
  let firstNonce: string | null = null
  const state: ForgingProvider = {
    issuer,
    client,
    person: { email: 'forged@forge.test', email_verified: true, given_name: 'Fay', family_name: 'Forge' },
    forgery: 'valid',
    close: () => closeServer(server),
  }

  async function idToken(nonce: string): Promise<string> {
    const forgery = state.forgery
    const now = Math.floor(Date.now() / 1000)
    const claims = { ...state.person, nonce: forgery === 'replayed-nonce' ? firstNonce! : nonce }
    if (forgery === 'alg-none') {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const payload = {
        ...claims,
        iss: issuer,
        aud: client.clientId,
        sub: 'forged',
        iat: now,
        exp: now + 300,
      }
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('forged')
      .setIssuer(forgery === 'wrong-issuer' ? 'http://127.0.0.1:1/' : issuer)
      .setAudience(forgery === 'wrong-audience' ? 'another-client' : client.clientId)
      .setIssuedAt(forgery === 'expired' ? now - 7200 : now)
      .setExpirationTime(forgery === 'expired' ? now - 3600 : now + 300)
      .sign(forgery === 'other-key' ? stranger.privateKey : signing.privateKey)
  }

  const json = (response: ServerResponse, body: unknown) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(body))
  }

  handle((request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    if (url.pathname === '/.well-known/openid-configuration')
      return json(response, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      })
    if (url.pathname === '/jwks') return json(response, { keys: [jwk] })
    if (url.pathname === '/authorize') {
      const nonce = url.searchParams.get('nonce') ?? ''
      firstNonce ??= nonce
      const code = randomBytes(16).toString('base64url')
      codes.set(code, { nonce })
      const back = new URL(url.searchParams.get('redirect_uri')!)
      back.searchParams.set('code', code)
      const forgedState = state.forgery === 'mismatched-state'
      back.searchParams.set(
        'state',
        forgedState ? 'a-state-of-another-sign-in' : url.searchParams.get('state')!,
      )
      response.statusCode = 302
      response.setHeader('location', back.href)
      return response.end()
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? ''
        const issued = codes.get(code)
        codes.delete(code)
        if (!issued) {
          response.statusCode = 400
          return json(response, { error: 'invalid_grant' })
        }
        void idToken(issued.nonce).then((token) =>
          json(response, {
            access_token: randomBytes(16).toString('hex'),
            token_type: 'Bearer',
            id_token: token,
            expires_in: 300,
          }),
        )
      })
      return
    }
    response.statusCode = 404
    response.end()
  })
  return state
}
