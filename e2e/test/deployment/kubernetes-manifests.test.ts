import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as apps from 'kubernetes-models/apps/v1'
import * as autoscaling from 'kubernetes-models/autoscaling/v2'
import * as networking from 'kubernetes-models/networking.k8s.io/v1'
import * as policy from 'kubernetes-models/policy/v1'
import * as core from 'kubernetes-models/v1'
import { describe, expect, it } from 'vitest'
import {
  componentOf,
  deploymentOf,
  deployments,
  kustomization,
  type Labels,
  type Manifest,
  manifests,
  ofKind,
  selects,
  values,
} from './k8s-manifests.ts'
import {
  describeIssues,
  envKeysOf,
  envSchemaOf,
  expectedKeys,
  fakeSecrets,
  nodeComponents,
  root,
  signers,
  upstreamsOf,
} from './workspace.ts'

/** The API groups the manifests may use, with the schemas kubernetes-models bundles for them. */
const models: Record<string, unknown> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
}

function modelOf(manifest: Manifest) {
  const Model = (
    models[manifest.apiVersion] as Record<string, new (data: unknown) => { validate(): void }> | undefined
  )?.[manifest.kind]
  if (!Model) throw new Error(`No schema for ${manifest.apiVersion} ${manifest.kind}`)
  return new Model(manifest)
}

describe('the plain manifests in k8s/', () => {
  it('list every manifest file in kustomization.yaml and build the Secret the pods refer to', () => {
    const files = readdirSync(join(root, 'k8s')).filter(
      (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
    )
    expect([...kustomization.resources].sort()).toEqual(files.sort())
    const secretNames = new Set(
      deployments.flatMap((deployment) =>
        deployment.spec.template.spec.containers.flatMap((container) =>
          (container.env ?? []).flatMap((env) => env.valueFrom?.secretKeyRef?.name ?? []),
        ),
      ),
    )
    expect([...secretNames]).toEqual(kustomization.secretGenerator?.map((generator) => generator.name))
  })

  it('validate, document by document, against the Kubernetes schemas', () => {
    expect(manifests.length).toBeGreaterThan(20)
    for (const manifest of manifests) {
      const model = modelOf(manifest)
      expect(() => model.validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow()
    }
  })

  it('would catch a malformed manifest (the validation is real)', () => {
    const broken = structuredClone(deploymentOf('gateway')) as unknown as Record<
      string,
      Record<string, unknown>
    >
    broken.spec!.replicas = 'two'
    const model = modelOf(broken as unknown as Manifest)
    expect(() => model.validate()).toThrow(/replicas/)
  })

  it('run the gateway, the web server and every service of the workspace', () => {
    expect(deployments.map(componentOf).sort()).toEqual([...nodeComponents, 'web'].sort())
  })

  describe.each([...nodeComponents, 'web'])('the %s Deployment', (name) => {
    const deployment = deploymentOf(name)
    const pod = deployment.spec.template.spec
    const chart = values[name]!

    it('runs every container as non-root on a read-only root filesystem with no capabilities', () => {
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      })
      expect(pod.automountServiceAccountToken).toBe(false)
      for (const container of pod.containers) {
        const context = { ...pod.securityContext, ...container.securityContext }
        expect(context.runAsNonRoot).toBe(true)
        expect(context.runAsUser).toBeGreaterThan(0)
        expect(container.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        })
      }
    })

    it('writes only to emptyDir volumes', () => {
      const emptyDirs = new Set(
        (pod.volumes ?? []).filter((volume) => volume.emptyDir !== undefined).map((volume) => volume.name),
      )
      for (const container of pod.containers) {
        expect((container.volumeMounts ?? []).map((mount) => mount.mountPath)).toContain('/tmp')
        for (const mount of container.volumeMounts ?? [])
          expect(emptyDirs.has(mount.name), mount.mountPath).toBe(true)
      }
    })

    it('has readiness and liveness probes and resource requests and limits', () => {
      for (const container of pod.containers) {
        expect(container.readinessProbe).toBeDefined()
        expect(container.livenessProbe).toBeDefined()
        for (const kind of ['requests', 'limits'] as const)
          expect(Object.keys(container.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory'])
      }
    })

    it('matches the chart defaults in values.yaml', () => {
      const [container] = pod.containers
      expect(container!.ports?.map((port) => port.containerPort)).toEqual([chart.containerPort])
      expect(container!.resources).toEqual(chart.resources)
      const autoscaling = chart.autoscaling as { enabled: boolean }
      if (autoscaling.enabled) expect(deployment.spec.replicas).toBeUndefined()
      else expect(deployment.spec.replicas).toBe(chart.replicaCount)
      const hpa = ofKind<Manifest>('HorizontalPodAutoscaler').find(
        (manifest) => componentOf(manifest) === name,
      )
      expect(hpa !== undefined).toBe(autoscaling.enabled)
      if (hpa)
        expect(hpa.spec).toMatchObject({
          scaleTargetRef: { kind: 'Deployment', name: deployment.metadata.name },
        })
      const pdb = ofKind<Manifest>('PodDisruptionBudget').find((manifest) => componentOf(manifest) === name)
      expect(pdb !== undefined).toBe((chart.pdb as { create: boolean }).create)
      if (pdb)
        expect(
          selects(
            (pdb.spec as { selector: { matchLabels: Labels } }).selector.matchLabels,
            deployment.spec.template.metadata.labels,
          ),
        ).toBe(true)
    })

    it('is reached through a Service that selects its pods on the named port', () => {
      const service = ofKind<Manifest>('Service').find((manifest) => componentOf(manifest) === name)
      const spec = service?.spec as { selector: Labels; ports: Array<{ targetPort: string }> }
      expect(selects(spec.selector, deployment.spec.template.metadata.labels)).toBe(true)
      expect(spec.ports.map((port) => port.targetPort)).toEqual(['http'])
      expect(pod.containers[0]!.ports?.[0]?.name).toBe('http')
    })
  })

  describe.each(nodeComponents)('the %s environment', (name) => {
    const [container] = deploymentOf(name).spec.template.spec.containers
    const env = container!.env ?? []

    /** What the process sees: secrets filled in and `$(NAME)` references expanded, as the kubelet does. */
    function resolved(): Record<string, string> {
      const result: Record<string, string> = {}
      for (const variable of env) {
        const key = variable.valueFrom?.secretKeyRef?.key
        const value = key
          ? fakeSecrets[key]
          : (variable.value ?? '').replace(
              /\$\(([A-Z0-9_]+)\)/g,
              (match, reference: string) => result[reference] ?? match,
            )
        if (value !== undefined && value !== '') result[variable.name] = value
      }
      return result
    }

    it('is accepted by its configuration schema, with secrets only from the Secret', async () => {
      const schema = await envSchemaOf(name)
      const result = schema.safeParse(resolved())
      expect(describeIssues(result)).toBe('')
      for (const variable of env)
        if (/SECRET|PASSWORD(?!_FORMAT)|API_KEY|TOKEN_KEY|_PRIVATE_KEY|_PUBLIC_KEY/.test(variable.name))
          expect(variable.valueFrom?.secretKeyRef, variable.name).toBeDefined()
    })

    it('receives exactly its own identity keys from the Secret (docs/architecture.md, Identity)', () => {
      const keys = Object.fromEntries(
        env.flatMap((variable) => {
          const key = variable.valueFrom?.secretKeyRef?.key
          return /_(?:PRIVATE|PUBLIC)_KEY$/.test(variable.name) || /_(?:PRIVATE|PUBLIC)_KEY$/.test(key ?? '')
            ? [[variable.name, key ?? `(not from the Secret: ${variable.value ?? ''})`]]
            : []
        }),
      )
      expect(keys).toEqual(expectedKeys(name))
    })

    it('reaches the Service of each service it calls, and no other', () => {
      const urls = env.filter((variable) => variable.name.endsWith('_SERVICE_URL'))
      expect(urls.map((variable) => variable.name).sort()).toEqual(
        upstreamsOf(name)
          .map((target) => `${target.toUpperCase()}_SERVICE_URL`)
          .sort(),
      )
      for (const target of upstreamsOf(name)) {
        const url = new URL(
          urls.find((variable) => variable.name === `${target.toUpperCase()}_SERVICE_URL`)!.value!,
        )
        const service = ofKind<Manifest>('Service').find((manifest) => componentOf(manifest) === target)
        expect(url.hostname).toBe(service?.metadata.name)
        const ports = (service?.spec as { ports: Array<{ port: number }> }).ports
        expect(url.port).toBe(String(ports[0]!.port))
      }
    })

    it('names only variables the process reads, or parts of a connection URL', async () => {
      const known = envKeysOf(await envSchemaOf(name))
      const referenced = new Set(
        env.flatMap((variable) =>
          [...(variable.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g)].map((match) => match[1]!),
        ),
      )
      expect(
        env
          .map((variable) => variable.name)
          .filter((variable) => !known.includes(variable) && !referenced.has(variable)),
      ).toEqual([])
    })

    if (name !== 'gateway') {
      it('keeps its data in its own database, prefixed by the release', () => {
        expect(new URL(resolved().MONGO_URL!).pathname).toBe(`/app-${name}`)
      })
    }
  })

  it('give the gateway private key to the gateway alone, and each service private key to its owner alone', () => {
    const privateKeys = (name: string) =>
      deploymentOf(name)
        .spec.template.spec.containers.flatMap((container) => container.env ?? [])
        .flatMap((variable) => variable.valueFrom?.secretKeyRef?.key ?? [])
        .filter((key) => key.endsWith('_PRIVATE_KEY'))
    for (const name of [...nodeComponents, 'web']) {
      if (name !== 'gateway') expect(privateKeys(name), name).not.toContain('GATEWAY_PRIVATE_KEY')
      expect(privateKeys(name), name).toEqual(
        signers.includes(name as never) ? [`${name.toUpperCase()}_PRIVATE_KEY`] : [],
      )
    }
    const withServiceKey = deployments.filter((deployment) =>
      deployment.spec.template.spec.containers.some((container) =>
        (container.env ?? []).some((variable) => variable.name === 'SERVICE_PRIVATE_KEY'),
      ),
    )
    expect(withServiceKey.map(componentOf).sort()).toEqual(
      signers.filter((signer) => signer !== 'gateway').sort(),
    )
  })

  it('list every key of the Secret in secrets.env.example, with no value filled in', () => {
    const example = readFileSync(join(root, 'k8s/secrets.env.example'), 'utf8')
    const documented = new Map(
      [...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
    )
    const referenced = new Set(
      deployments.flatMap((deployment) =>
        deployment.spec.template.spec.containers.flatMap((container) =>
          (container.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.key ?? []),
        ),
      ),
    )
    expect([...referenced].filter((key) => !documented.has(key))).toEqual([])
    expect([...documented.keys()].filter((key) => !referenced.has(key))).toEqual([])
    for (const [key, value] of documented) expect(value, key).toBe('')
  })

  it('route /api and /scim to the gateway and everything else to the web server on one host', () => {
    const [ingress] = ofKind<Manifest>('Ingress')
    const rules = (
      ingress!.spec as {
        rules: Array<{
          host: string
          http: { paths: Array<{ path: string; backend: { service: { name: string } } }> }
        }>
      }
    ).rules
    expect(rules).toHaveLength(1)
    const routes = Object.fromEntries(
      rules[0]!.http.paths.map((path) => [path.path, path.backend.service.name]),
    )
    expect(routes).toEqual({
      '/api': deploymentOf('gateway').metadata.name,
      // SCIM provisioning lives at /scim/v2 as RFC 7644 names it (docs/decisions/064-scim-provisioning.md).
      '/scim': deploymentOf('gateway').metadata.name,
      '/': deploymentOf('web').metadata.name,
    })
    expect(rules[0]!.host).toBe((values.ingress as { hostname: string }).hostname)
  })

  it('keep the namespace under the restricted pod security standard', () => {
    const namespace = ofKind<Manifest>('Namespace')[0]
    expect(namespace?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted')
  })
})
