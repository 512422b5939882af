import { describe, expect, it } from 'vitest'
import { deploymentOf, networkPolicies, selects } from './k8s-manifests.ts'
import { serviceNames } from './workspace.ts'

describe('network policies', () => {
  const labelsOf = (name: string) => deploymentOf(name).spec.template.metadata.labels
  const policiesFor = (name: string) =>
    networkPolicies.filter((policy) => selects(policy.spec.podSelector.matchLabels, labelsOf(name)))

  it.each(serviceNames)('let only the gateway reach %s, on its port', (name) => {
    const policies = policiesFor(name)
    expect(policies.length).toBeGreaterThan(0)
    const port = deploymentOf(name).spec.template.spec.containers[0]!.ports![0]!.containerPort
    for (const policy of policies) {
      expect(policy.spec.policyTypes).toContain('Ingress')
      for (const rule of policy.spec.ingress ?? []) {
        // A rule without peers admits everyone; a namespace or address peer admits more than the gateway.
        expect(rule.from?.length).toBeGreaterThan(0)
        for (const peer of rule.from ?? []) {
          expect(peer.namespaceSelector).toBeUndefined()
          expect(peer.ipBlock).toBeUndefined()
          expect(selects(peer.podSelector?.matchLabels, labelsOf('gateway'))).toBe(true)
        }
        expect(rule.ports?.map((rulePort) => rulePort.port)).toEqual([port])
      }
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
