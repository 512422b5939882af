import { describe, expect, it } from 'vitest'
import { CLIENT_ADDRESS_HEADER } from '@app/kit/client-address'
import { startGateway, useUpstream } from './support/gateway.ts'

/**
 * The address auth throttles by is the one the gateway believes (decision 022), passed on in one header
 * that a client cannot set.
 */
const upstream = useUpstream()

const echoFrom = async (trusted: string | null, headers: Record<string, string>) => {
  const { app } = await startGateway({
    upstreamUrl: upstream.url,
    ...(trusted ? { env: { TRUSTED_PROXIES: trusted } } : {}),
  })
  const response = await app.inject({ method: 'GET', url: '/api/echo', remoteAddress: '10.0.0.5', headers })
  await app.close()
  return response.json().headers as Record<string, string>
}

describe('the client address passed on to the services', () => {
  it('is the connection’s address, whatever a client claims or sends in its place', async () => {
    const forwarded = await echoFrom(null, {
      'x-forwarded-for': '203.0.113.1',
      [CLIENT_ADDRESS_HEADER]: '203.0.113.2',
    })
    expect(forwarded[CLIENT_ADDRESS_HEADER]).toBe('10.0.0.5')
  })

  it('is the address a trusted proxy reports', async () => {
    const forwarded = await echoFrom('10.0.0.5', {
      'x-forwarded-for': '203.0.113.1',
      [CLIENT_ADDRESS_HEADER]: '203.0.113.2',
    })
    expect(forwarded[CLIENT_ADDRESS_HEADER]).toBe('203.0.113.1')
  })
})
