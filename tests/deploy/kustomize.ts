import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '../bench/processes.js';

/** deploy/kubernetes: base/ and its overlays. */
export const KUBERNETES_DIR = path.join(repoRoot, 'deploy/kubernetes');

/** One object of a rendered manifest, as the API server would receive it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: any;
}

/** What `kubectl kustomize DIR` renders (offline: no cluster is asked), as objects. */
export function kustomize(dir: string): KubeObject[] {
  const yaml = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(yaml).map((doc) => {
    if (doc.errors.length > 0) throw doc.errors[0]!;
    return doc.toJS() as KubeObject;
  });
}

/**
 * An overlay rendered as its operator renders it. The production overlay reads its secrets from secrets.env, which is
 * never committed: it is rendered in a copy of deploy/kubernetes where secrets.env is its example, as an operator
 * starts it.
 */
export function renderOverlay(overlay: 'sandbox' | 'production'): KubeObject[] {
  if (overlay === 'sandbox') return kustomize(path.join(KUBERNETES_DIR, 'overlays/sandbox'));
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kubernetes-'));
  try {
    fs.cpSync(KUBERNETES_DIR, copy, { recursive: true });
    const production = path.join(copy, 'overlays/production');
    fs.copyFileSync(path.join(production, 'secrets.env.example'), path.join(production, 'secrets.env'));
    return kustomize(production);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
