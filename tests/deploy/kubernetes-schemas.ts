import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import type { KubeObject } from './kustomize.js';

/** The kinds deploy/kubernetes uses, by apiVersion and kind, with the API's schema for each (kubernetes-models). */
const MODELS: Record<string, { prototype: { validate(): void } }> = Object.fromEntries(
  [
    Deployment,
    HorizontalPodAutoscaler,
    Ingress,
    NetworkPolicy,
    PodDisruptionBudget,
    ConfigMap,
    Namespace,
    PersistentVolumeClaim,
    Secret,
    Service,
  ].map((model) => [`${model.apiVersion}/${model.kind}`, model]),
);

/**
 * What the API server would refuse in an object: a kind or apiVersion it does not serve here, a value of the wrong type
 * or a missing required field (the API's JSON schemas, from kubernetes-models), and a field the schema does not know
 * (a misspelt `readinesProbe`), which kubectl's strict field validation refuses on apply while the schemas allow it.
 *
 * The schemas are compiled validators that read each field they know by name, and list the keys only of maps (labels,
 * a ConfigMap's data): the object is validated through proxies that note both, and every other key is unknown.
 */
export function schemaProblems(object: KubeObject): string[] {
  const model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!model) return [`${object.apiVersion} ${object.kind} is not a kind deploy/kubernetes is checked for`];
  const read = new Set<string>();
  const maps = new Set<string>();
  const watched = watch(object, '', read, maps);
  const problems: string[] = [];
  try {
    model.prototype.validate.call(watched);
  } catch (err) {
    problems.push((err as Error).message);
  }
  const unknown: string[] = [];
  for (const field of fields(object, '')) {
    const parent = field.slice(0, field.lastIndexOf('.'));
    // Inside an unknown field, nothing more is worth naming.
    if (unknown.some((u) => field.startsWith(`${u}.`) || field.startsWith(`${u}[`))) continue;
    if (!read.has(field) && !maps.has(parent)) unknown.push(field);
  }
  problems.push(...unknown.map((field) => `unknown field ${field.slice(1)}`));
  return problems;
}

/** A copy of `value` whose objects note each key read (`read`) and whose keys are listed (`maps`), by path. */
function watch(value: unknown, at: string, read: Set<string>, maps: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item, i) => watch(item, `${at}[${i}]`, read, maps));
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, watch(v, `${at}.${key}`, read, maps)]),
  );
  return new Proxy(copy, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(`${at}.${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      if (typeof key === 'string') read.add(`${at}.${key}`);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      maps.add(at);
      return Reflect.ownKeys(target);
    },
  });
}

/** Every key's path in `value` (`.spec.template.spec.containers[0].name`). */
function fields(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => fields(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [`${at}.${key}`, ...fields(v, `${at}.${key}`)]);
}
