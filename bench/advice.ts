import type { AddressInfo } from 'node:net'
import { buildApp as buildAdvice } from '@app/advice/app'
import { buildApp as buildProfiles } from '@app/profiles/app'
import { createServiceClient } from '@app/kit/service-client'
import { createEmbeddedDependencies, identityHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { testConfig } from '@app/kit/testing/config'
import { adviceEnvSchema } from '@app/advice/config'

/**
 * The built-in advisor's answer time inside the advice service (inject), with a real profiles service on
 * loopback behind it, as in production. `npx tsx advice.ts [requests]`.
 */
const requests = Number(process.argv[2] ?? 2000)
const owner = {
  userId: 7,
  role: 'standard' as const,
  username: 'bench@example.test',
  mustChangePassword: false,
}
const profileDependencies = await createEmbeddedDependencies('profiles')
const profiles = await buildProfiles(profileDependencies)
await profiles.listen({ port: 0, host: '127.0.0.1' })
const saved = await profiles.inject({
  method: 'POST',
  url: '/api/assessments',
  headers: identityHeaders('profiles', owner),
  payload: { assessmentType: 'disc', name: 'Bench Person', dScore: 72, iScore: 58, sScore: 30, cScore: 41 },
})
const profileId = (saved.json() as { id: number }).id
const dependencies = await createEmbeddedDependencies('advice')
const advice = await buildAdvice({
  ...dependencies,
  config: testConfig('advice', adviceEnvSchema, { AI_RATE_LIMIT: 1_000_000 }),
  clients: {
    profiles: createServiceClient({
      caller: 'advice',
      target: 'profiles',
      baseUrl: `http://127.0.0.1:${(profiles.server.address() as AddressInfo).port}`,
      privateKey: TEST_KEYS.advice.privateKey,
    }),
  },
})
const questions = [
  'How do I motivate them?',
  'How should we handle conflict?',
  'How do they learn best?',
  'Strengths?',
]
const categories = ['self', 'parents', 'educators', 'employers'] as const
const timings: number[] = []
// The first 200 answers warm the JIT and the connection pool and are not counted.
const WARM_UP = 200
for (let index = 0; index < requests + WARM_UP; index += 1) {
  const started = performance.now()
  const response = await advice.inject({
    method: 'POST',
    url: '/api/ai/disc-analysis',
    headers: identityHeaders('advice', owner),
    payload: {
      profileId,
      question: questions[index % questions.length],
      category: categories[index % categories.length],
      responseLength: index % 2 ? 'short' : 'long',
    },
  })
  if (response.statusCode !== 200) throw new Error(response.body)
  if (index >= WARM_UP) timings.push(performance.now() - started)
}
timings.sort((a, b) => a - b)
const at = (share: number) =>
  timings[Math.min(timings.length - 1, Math.floor(timings.length * share))]!.toFixed(2)
console.log(JSON.stringify({ requests, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) }))
await advice.close()
await dependencies.close()
await profiles.close()
await profileDependencies.close()
