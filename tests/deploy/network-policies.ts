import type { KubeObject } from './kustomize.js';

/** One end of a connection: a pod (its namespace's labels and its own) or an address outside the cluster. */
export type Peer = { namespace: Record<string, string>; pod: Record<string, string> } | { ip: string };

/** A connection on a TCP port, from one peer to another. */
export interface Connection {
  from: Peer;
  to: Peer;
  port: number;
}

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown[];
}

function matches(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (selector?.matchExpressions?.length) throw new Error('matchExpressions are not evaluated here');
  return Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

/** Whether a rule's peer (`from` or `to` entry) names `peer`, for policies in `namespace`. */
function peerMatches(entry: any, peer: Peer, namespace: Record<string, string>): boolean {
  if ('ip' in peer) {
    if (!entry.ipBlock) return false;
    // Only whole-internet blocks here (0.0.0.0/0 and its exceptions are beyond this check).
    if (entry.ipBlock.except?.length) throw new Error('ipBlock exceptions are not evaluated here');
    return entry.ipBlock.cidr === '0.0.0.0/0';
  }
  if (entry.ipBlock) return false;
  const namespaceOk = entry.namespaceSelector
    ? matches(entry.namespaceSelector, peer.namespace)
    : peer.namespace['kubernetes.io/metadata.name'] === namespace['kubernetes.io/metadata.name'];
  return namespaceOk && (!entry.podSelector || matches(entry.podSelector, peer.pod));
}

const portMatches = (rule: any, port: number) =>
  !rule.ports ||
  rule.ports.some((p: any) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === undefined || p.port === port));

/**
 * Whether one direction lets the connection pass: a pod no policy of its kind selects is open; one that some policy
 * selects is open only to what some such policy's rules name (NetworkPolicy's semantics: policies add up).
 */
function side(
  policies: KubeObject[],
  namespace: Record<string, string>,
  pod: Record<string, string>,
  type: 'Ingress' | 'Egress',
  other: Peer,
  port: number,
): boolean {
  const selecting = policies.filter(
    (p) => matches(p.spec.podSelector, pod) && (p.spec.policyTypes ?? ['Ingress']).includes(type),
  );
  if (selecting.length === 0) return true;
  const rules = selecting.flatMap((p) => (type === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []);
  return rules.some(
    (rule: any) =>
      portMatches(rule, port) &&
      (!(rule.from ?? rule.to) || (rule.from ?? rule.to).some((e: any) => peerMatches(e, other, namespace))),
  );
}

/**
 * Whether the NetworkPolicies of one namespace (its labels given) let a connection through: its egress where it
 * leaves a pod of the namespace, its ingress where it reaches one. Pods of other namespaces are governed by their
 * own namespace's policies, which are not these.
 */
export function allows(policies: KubeObject[], namespace: Record<string, string>, c: Connection): boolean {
  const inside = (peer: Peer): peer is Extract<Peer, { pod: unknown }> =>
    'pod' in peer &&
    peer.namespace['kubernetes.io/metadata.name'] === namespace['kubernetes.io/metadata.name'];
  const leaves = !inside(c.from) || side(policies, namespace, c.from.pod, 'Egress', c.to, c.port);
  const arrives = !inside(c.to) || side(policies, namespace, c.to.pod, 'Ingress', c.from, c.port);
  return leaves && arrives;
}
