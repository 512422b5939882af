import * as apps from 'kubernetes-models/apps/v1'
import * as autoscaling from 'kubernetes-models/autoscaling/v2'
import * as networking from 'kubernetes-models/networking.k8s.io/v1'
import * as policy from 'kubernetes-models/policy/v1'
import * as core from 'kubernetes-models/v1'
import { INTERNAL_CALLS } from '@app/kit/services'
import type { Container, Deployment, Labels, Manifest, NetworkPolicy, PolicyPeer } from './k8s-manifests.ts'
import { serviceNames } from './workspace.ts'

// Checks of a rendered release. Each returns the problems it finds, one line each, so that a test shows all of
// them at once and a negative test can show that a check finds a planted fault.

export interface Rendered extends Manifest {
  metadata: Manifest['metadata'] & { namespace?: string }
  data?: Record<string, string>
  stringData?: Record<string, string>
}

/** The API groups the chart may use, with the schemas kubernetes-models bundles for them. */
const models: Record<string, unknown> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
}

const label = (object: Manifest) => `${object.kind} ${object.metadata.name}`
const componentOf = (object: Manifest) => object.metadata.labels?.['app.kubernetes.io/component']
const ofKind = <T extends Manifest>(objects: Manifest[], kind: string) =>
  objects.filter((object) => object.kind === kind) as T[]
const selects = (selector: Labels | undefined, labels: Labels) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value)

/** Every object against the Kubernetes schema of its kind. */
export function validationProblems(objects: Manifest[]): string[] {
  return objects.flatMap((object) => {
    const Model = (
      models[object.apiVersion] as Record<string, new (data: unknown) => { validate(): void }> | undefined
    )?.[object.kind]
    if (!Model) return [`${label(object)}: no schema for ${object.apiVersion}`]
    try {
      new Model(object).validate()
      return []
    } catch (error) {
      return [`${label(object)}: ${(error as Error).message}`]
    }
  })
}

/** Non-root, read-only root filesystem, no capabilities, RuntimeDefault seccomp, requests, limits, probes. */
export function hardeningProblems(objects: Manifest[]): string[] {
  return ofKind<Deployment>(objects, 'Deployment').flatMap((deployment) => {
    const pod = deployment.spec.template.spec
    const podContext = (pod.securityContext ?? {}) as Record<string, unknown>
    return pod.containers.flatMap((container: Container) => {
      const where = `${label(deployment)} container ${container.name}`
      const context = (container.securityContext ?? {}) as Record<string, unknown>
      const setting = (key: string) => context[key] ?? podContext[key]
      const problems: string[] = []
      if (setting('runAsNonRoot') !== true) problems.push(`${where}: runAsNonRoot is not true`)
      if (setting('runAsUser') === 0) problems.push(`${where}: runs as user 0 (root)`)
      if (setting('runAsGroup') === 0) problems.push(`${where}: runs as group 0`)
      if (context.readOnlyRootFilesystem !== true) problems.push(`${where}: root filesystem is writable`)
      if (context.allowPrivilegeEscalation !== false) problems.push(`${where}: may escalate privileges`)
      if (context.privileged === true) problems.push(`${where}: is privileged`)
      const drop = (context.capabilities as { drop?: string[]; add?: string[] } | undefined)?.drop ?? []
      if (!drop.includes('ALL')) problems.push(`${where}: does not drop ALL capabilities`)
      if ((context.capabilities as { add?: string[] } | undefined)?.add?.length)
        problems.push(`${where}: adds capabilities`)
      if ((setting('seccompProfile') as { type?: string } | undefined)?.type !== 'RuntimeDefault')
        problems.push(`${where}: seccomp profile is not RuntimeDefault`)
      for (const kind of ['requests', 'limits'] as const)
        for (const resource of ['cpu', 'memory'])
          if (container.resources?.[kind]?.[resource] === undefined)
            problems.push(`${where}: no ${resource} in resources.${kind}`)
      if (!container.readinessProbe) problems.push(`${where}: no readiness probe`)
      if (!container.livenessProbe) problems.push(`${where}: no liveness probe`)
      return problems
    })
  })
}

/**
 * The NetworkPolicies allow exactly: the ingress controller → web and the gateway, web → the gateway, the gateway →
 * every service, the INTERNAL_CALLS edges, services → the data services (MongoDB, Redis, Kafka), the gateway →
 * Redis, and DNS. Every component is selected by a policy for both directions. Anything else is a problem.
 */
export function networkProblems(objects: Manifest[], dataPorts: number[], redisPort: number): string[] {
  const deployments = ofKind<Deployment>(objects, 'Deployment')
  const policies = ofKind<NetworkPolicy>(objects, 'NetworkPolicy')
  const problems: string[] = []
  const labelsOf = (deployment: Deployment) => deployment.spec.template.metadata.labels
  const portOf = (name: string) =>
    deployments.find((deployment) => componentOf(deployment) === name)?.spec.template.spec.containers[0]
      ?.ports?.[0]?.containerPort
  const componentsOf = (peer: PolicyPeer) =>
    deployments
      .filter((deployment) => selects(peer.podSelector?.matchLabels, labelsOf(deployment)))
      .map((deployment) => componentOf(deployment)!)
  const portsOf = (rule: { ports?: Array<{ port: number | string }> }) =>
    (rule.ports ?? []).map((rulePort) => rulePort.port)
  const edges = { ingress: new Set<string>(), egress: new Set<string>() }

  for (const deployment of deployments) {
    const name = componentOf(deployment)!
    const mine = policies.filter((policy) =>
      selects(policy.spec.podSelector.matchLabels, labelsOf(deployment)),
    )
    for (const type of ['Ingress', 'Egress'])
      if (!mine.some((policy) => policy.spec.policyTypes?.includes(type)))
        problems.push(`${name}: no NetworkPolicy restricts its ${type.toLowerCase()}`)
    for (const rule of mine.flatMap((policy) => policy.spec.ingress ?? [])) {
      if (!rule.from?.length) problems.push(`${name}: an ingress rule admits every source`)
      if (!rule.ports?.length) problems.push(`${name}: an ingress rule admits every port`)
      for (const peer of rule.from ?? []) {
        if (peer.ipBlock) problems.push(`${name}: an ingress rule admits addresses`)
        else if (peer.namespaceSelector) edges.ingress.add(`ingress-controller → ${name}`)
        else {
          const from = componentsOf(peer)
          if (from.length !== 1) problems.push(`${name}: an ingress peer selects ${from.length} components`)
          for (const source of from) edges.ingress.add(`${source} → ${name}`)
        }
      }
      for (const port of portsOf(rule))
        if (port !== portOf(name) && port !== 'http') problems.push(`${name}: admits port ${port}`)
    }
    for (const rule of mine.flatMap((policy) => policy.spec.egress ?? [])) {
      const ports = portsOf(rule)
      if (ports.length === 0) {
        problems.push(`${name}: an egress rule allows every port`)
        continue
      }
      const peers = rule.to ?? []
      const podPeers = peers.filter((peer) => peer.podSelector?.matchLabels && !peer.namespaceSelector)
      if (podPeers.length > 0 && podPeers.length === peers.length) {
        for (const to of podPeers.flatMap(componentsOf)) {
          edges.egress.add(`${name} → ${to}`)
          if (ports.some((port) => port !== portOf(to)))
            problems.push(`${name} → ${to}: ports ${ports.join(',')}`)
        }
      } else if (ports.every((port) => port === 53)) edges.egress.add(`${name} → dns`)
      else if (ports.every((port) => dataPorts.includes(Number(port)) || port === redisPort))
        for (const port of ports) edges.egress.add(`${name} → data:${port}`)
      else
        problems.push(
          `${name}: egress to ${JSON.stringify(peers)} on ${ports.join(',')} is not an allowed edge`,
        )
    }
  }

  const calls = Object.entries(INTERNAL_CALLS).flatMap(([caller, targets]) =>
    targets.map((target) => `${caller} → ${target}`),
  )
  const expectedIngress = [
    'ingress-controller → web',
    'ingress-controller → gateway',
    'web → gateway',
    ...serviceNames.map((name) => `gateway → ${name}`),
    ...calls,
  ]
  const expectedEgress = [
    'web → gateway',
    ...serviceNames.map((name) => `gateway → ${name}`),
    ...calls,
    ...['web', 'gateway', ...serviceNames].map((name) => `${name} → dns`),
    `gateway → data:${redisPort}`,
    ...serviceNames.flatMap((name) => dataPorts.map((port) => `${name} → data:${port}`)),
  ]
  const difference = (direction: string, actual: Set<string>, expected: string[]) => [
    ...[...actual]
      .filter((edge) => !expected.includes(edge))
      .map((edge) => `${direction} ${edge}: not allowed`),
    ...expected.filter((edge) => !actual.has(edge)).map((edge) => `${direction} ${edge}: missing`),
  ]
  return [
    ...problems,
    ...difference('ingress', edges.ingress, expectedIngress),
    ...difference('egress', edges.egress, expectedEgress),
  ]
}

interface Autoscaler extends Manifest {
  spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; maxReplicas: number }
}
interface DisruptionBudget extends Manifest {
  spec: { minAvailable?: number | string; selector: { matchLabels: Labels } }
}

/**
 * A workload is scalable when it has an HPA or more than one replica: it then needs an HPA (unless its replicas are
 * fixed) and a PDB that leaves room to drain a node. An HPA must point at a Deployment that leaves replicas to it.
 */
export function scalingProblems(objects: Manifest[]): string[] {
  const deployments = ofKind<Deployment>(objects, 'Deployment')
  const autoscalers = ofKind<Autoscaler>(objects, 'HorizontalPodAutoscaler')
  const budgets = ofKind<DisruptionBudget>(objects, 'PodDisruptionBudget')
  const problems: string[] = []
  for (const hpa of autoscalers) {
    const target = deployments.find((deployment) => deployment.metadata.name === hpa.spec.scaleTargetRef.name)
    if (!target) problems.push(`${label(hpa)}: targets no Deployment of the release`)
    else if (target.spec.replicas !== undefined)
      problems.push(`${label(hpa)}: ${label(target)} also fixes replicas, so the two fight`)
  }
  for (const deployment of deployments) {
    const hpa = autoscalers.find(
      (autoscaler) => autoscaler.spec.scaleTargetRef.name === deployment.metadata.name,
    )
    const replicas = hpa ? (hpa.spec.minReplicas ?? 1) : (deployment.spec.replicas ?? 1)
    if (!hpa && deployment.spec.replicas === undefined)
      problems.push(`${label(deployment)}: neither replicas nor an HPA`)
    if (!hpa && replicas < 2) continue
    const pdb = budgets.find((budget) =>
      selects(budget.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
    )
    if (!pdb)
      problems.push(`${label(deployment)}: scalable (${replicas}+ replicas) without a PodDisruptionBudget`)
    else if (typeof pdb.spec.minAvailable === 'number' && pdb.spec.minAvailable >= replicas)
      problems.push(`${label(pdb)}: minAvailable ${pdb.spec.minAvailable} of ${replicas} blocks every drain`)
    if (
      !hpa &&
      deployment.spec.replicas !== undefined &&
      deployment.spec.replicas > 1 &&
      componentOf(deployment) !== 'web'
    )
      problems.push(`${label(deployment)}: ${replicas} fixed replicas without an HPA`)
  }
  return problems
}

/** Secrets reach containers only through secretKeyRef to the release's Secret; no secret value appears elsewhere. */
export function secretProblems(objects: Rendered[], secretName: string, secretValues: string[]): string[] {
  const problems: string[] = []
  for (const deployment of ofKind<Deployment>(objects, 'Deployment'))
    for (const container of deployment.spec.template.spec.containers)
      for (const env of container.env ?? []) {
        const where = `${label(deployment)} ${env.name}`
        const reference = env.valueFrom?.secretKeyRef
        if (reference && reference.name !== secretName)
          problems.push(`${where}: from Secret ${reference.name}`)
        if (
          env.value !== undefined &&
          /SECRET|PASSWORD(?!_FORMAT)|PRIVATE_KEY|API_KEY|TOKEN/.test(env.name) &&
          !/^\$\([A-Z_]+\)$/.test(env.value)
        )
          problems.push(`${where}: a secret as a plain value`)
      }
  for (const object of objects) {
    if (object.kind === 'Secret') continue
    const text = JSON.stringify(object)
    for (const value of secretValues)
      if (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1)))
        problems.push(`${label(object)}: holds a secret value`)
    if (object.kind === 'ConfigMap')
      problems.push(`${label(object)}: configuration belongs in values, secrets in the Secret`)
  }
  return problems
}

/** What one release claims: namespaced names, hosts, database names, Redis database, Kafka brokers. */
export function claimsOf(objects: Rendered[]): string[] {
  const claims = new Set<string>()
  const clusterScoped = new Set([
    'Namespace',
    'ClusterRole',
    'ClusterRoleBinding',
    'PriorityClass',
    'IngressClass',
  ])
  for (const object of objects) {
    if (clusterScoped.has(object.kind)) claims.add(`cluster ${object.kind}/${object.metadata.name}`)
    else
      claims.add(
        `object ${object.metadata.namespace ?? '(no namespace)'}/${object.kind}/${object.metadata.name}`,
      )
    const spec = object.spec as
      { rules?: Array<{ host?: string }>; tls?: Array<{ secretName?: string }> } | undefined
    if (object.kind === 'Ingress') {
      for (const rule of spec?.rules ?? []) claims.add(`host ${rule.host}`)
      for (const tls of spec?.tls ?? [])
        claims.add(`object ${object.metadata.namespace}/Secret/${tls.secretName}`)
    }
    if (object.kind === 'Deployment')
      for (const container of (object as Deployment).spec.template.spec.containers)
        for (const env of container.env ?? []) {
          if (env.name === 'MONGO_URL' && env.value)
            claims.add(
              `database ${/@?([^@/]+)\/([^/?]+)/
                .exec(env.value.replace(/^[a-z+]+:\/\//, ''))
                ?.slice(1)
                .join('/')}`,
            )
          if (env.name === 'REDIS_URL' && env.value)
            claims.add(`redis ${env.value.replace(/\/\/[^@]*@/, '//')}`)
          if (env.name === 'KAFKA_BROKERS' && env.value) claims.add(`kafka ${env.value}`)
        }
  }
  return [...claims]
}

/** Everything two releases both claim: they would overwrite each other's objects, data or traffic. */
export function collisions(first: Rendered[], second: Rendered[]): string[] {
  const theirs = new Set(claimsOf(second))
  return claimsOf(first).filter((claim) => theirs.has(claim))
}

/** Objects outside the release's namespace. */
export function namespaceProblems(objects: Rendered[], namespace: string): string[] {
  return objects
    .filter((object) => object.metadata.namespace !== namespace)
    .map((object) => `${label(object)}: in namespace ${object.metadata.namespace ?? '(none)'}`)
}
