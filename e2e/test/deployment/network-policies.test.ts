import { describe, expect, it } from 'vitest'
import { INTERNAL_CALLS } from '@app/kit/services'
import {
  componentOf,
  deploymentOf,
  deployments,
  networkPolicies,
  type PolicyPeer,
  selects,
} from './k8s-manifests.ts'
import { serviceNames } from './workspace.ts'

/** The only pod-to-pod edges between the gateway and the services: gateway → every service, plus INTERNAL_CALLS. */
const expectedEdges = [
  ...serviceNames.map((name) => `gateway → ${name}`),
  ...Object.entries(INTERNAL_CALLS).flatMap(([caller, targets]) =>
    targets.map((target) => `${caller} → ${target}`),
  ),
].sort()

describe('network policies', () => {
  const labelsOf = (name: string) => deploymentOf(name).spec.template.metadata.labels
  const portOf = (name: string) =>
    deploymentOf(name).spec.template.spec.containers[0]!.ports![0]!.containerPort
  const policiesFor = (name: string) =>
    networkPolicies.filter((policy) => selects(policy.spec.podSelector.matchLabels, labelsOf(name)))
  /** The components a pod-selector peer admits (none for a namespace or address peer). */
  const componentsOf = (peer: PolicyPeer) =>
    deployments
      .filter((deployment) =>
        selects(peer.podSelector?.matchLabels, deployment.spec.template.metadata.labels),
      )
      .map((deployment) => componentOf(deployment)!)

  it.each(serviceNames)(
    'let only the gateway and the services that call %s reach it, on its port',
    (name) => {
      const policies = policiesFor(name)
      expect(policies.length).toBeGreaterThan(0)
      for (const policy of policies) {
        expect(policy.spec.policyTypes).toContain('Ingress')
        for (const rule of policy.spec.ingress ?? []) {
          // A rule without peers admits everyone; a namespace or address peer admits more than the gateway.
          expect(rule.from?.length).toBeGreaterThan(0)
          for (const peer of rule.from ?? []) {
            expect(peer.namespaceSelector).toBeUndefined()
            expect(peer.ipBlock).toBeUndefined()
            expect(componentsOf(peer)).toHaveLength(1)
          }
          expect(rule.ports?.map((rulePort) => rulePort.port)).toEqual([portOf(name)])
        }
      }
    },
  )

  it('admit exactly the edges gateway → each service and caller → called of INTERNAL_CALLS, one rule each', () => {
    const edges = serviceNames.flatMap((name) =>
      policiesFor(name).flatMap((policy) =>
        (policy.spec.ingress ?? []).flatMap((rule) =>
          (rule.from ?? []).flatMap((peer) => componentsOf(peer).map((from) => `${from} → ${name}`)),
        ),
      ),
    )
    expect(edges.sort()).toEqual(expectedEdges)
  })

  it('let each component reach by egress exactly the services of those edges, on their ports', () => {
    for (const deployment of deployments) {
      const from = componentOf(deployment)!
      const reached = policiesFor(from).flatMap((policy) =>
        (policy.spec.egress ?? []).flatMap((rule) =>
          (rule.to ?? []).flatMap((peer) =>
            componentsOf(peer)
              .filter((to) => serviceNames.includes(to))
              .map((to) => {
                expect(
                  rule.ports?.map((rulePort) => rulePort.port),
                  `${from} → ${to}`,
                ).toEqual([portOf(to)])
                return `${from} → ${to}`
              }),
          ),
        ),
      )
      expect(reached.sort(), from).toEqual(expectedEdges.filter((edge) => edge.startsWith(`${from} → `)))
    }
  })

  it('let only the web server and the ingress controller reach the gateway', () => {
    for (const policy of policiesFor('gateway')) {
      for (const peer of policy.spec.ingress!.flatMap((rule) => rule.from ?? [])) {
        if (peer.podSelector?.matchLabels && !peer.namespaceSelector)
          expect(selects(peer.podSelector.matchLabels, labelsOf('web'))).toBe(true)
        else expect(peer.namespaceSelector).toBeDefined()
      }
    }
  })
})
