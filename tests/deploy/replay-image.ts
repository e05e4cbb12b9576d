/**
 * A Dockerfile replayed without Docker (no engine runs here): each build stage is a folder laid out as the image's
 * file system, its COPY steps copy exactly what they name (from the build context: the repository's files that git
 * tracks or would track, less .dockerignore's patterns; or from another stage's folder), and its RUN steps run with
 * /bin/sh -c in its WORKDIR with its ENV. What is not named is not there, so a build that needs a file the Dockerfile
 * does not copy fails here as it would in Docker.
 *
 * RUN steps are cached as Docker caches layers: a step's result is kept under a key made of everything before it (the
 * base image, each instruction, the content of every file copied, the ENV), and when the key is found its folder is
 * taken instead of running the step. The cache is outside the repository (a fresh clone on the same machine finds it,
 * as Docker's build cache on a host does), bounded to the newest few entries per image.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../bench/processes.js';
import { dockerfile, envOf, execForm, type Instruction } from './read-deploy.js';

const run = promisify(execFile);

/** Where the layers are kept: XDG's cache folder, as other tools on the machine keep theirs. */
export const LAYER_CACHE = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'playlive',
  'image-layers',
);
/** Layers kept per image: this build's and the one before it (a branch switched back and forth builds warm). */
const KEEP_BUILDS = 2;
/** What a failed step's error shows of its output. */
const OUTPUT_TAIL_CHARS = 6_000;

export interface ReplayedImage {
  /** The final stage's file system; the image's paths are under it (`/app/x` is `${root}/app/x`). */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
  cmd: string[];
  healthcheck: string[] | undefined;
  /** One line per RUN step: whether it ran or was taken from the cache, and how long it took. */
  steps: string[];
  /** Removes the folders the replay made (the cache stays). */
  remove(): void;
}

type Op = (root: string) => void;

interface StageState {
  name: string;
  /** What the stage's files are so far: a folder kept in step, or a cached layer plus the steps after it. */
  dir?: string;
  layer?: string;
  pending: Op[];
  /** The cached layer the folder was last in step with: a new layer links the files that did not change since. */
  parentLayer?: string;
  key: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
  cmd?: string[];
  healthcheck?: string[];
}

/**
 * Replays `file` (a path from the repository root) and returns the final stage's folder, ready to run with the
 * image's CMD, ENV and USER.
 */
export async function replayImage(file: string): Promise<ReplayedImage> {
  const folders: string[] = [];
  try {
    return await replay(file, folders);
  } catch (err) {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function replay(file: string, folders: string[]): Promise<ReplayedImage> {
  const image = dockerfile(file);
  const imageName = path.dirname(file).replace(/[^\w-]+/g, '_');
  const cacheDir = path.join(LAYER_CACHE, imageName);
  fs.mkdirSync(cacheDir, { recursive: true });
  const context = buildContext();
  const stages: StageState[] = [];
  const steps: string[] = [];
  let runSteps = 0;

  const newFolder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `image-${imageName}-`));
    fs.chmodSync(dir, 0o755); // the image's user reads it
    folders.push(dir);
    return dir;
  };
  /** Brings the stage into a folder of its own that a RUN may change (a copy, never the cached layer itself). */
  const writable = async (stage: StageState): Promise<string> => {
    if (stage.dir) return stage.dir;
    const dir = newFolder();
    if (stage.layer) await run('cp', ['-a', `${stage.layer}/.`, dir]);
    for (const op of stage.pending) op(dir);
    stage.dir = dir;
    stage.parentLayer = stage.layer;
    stage.layer = undefined;
    stage.pending = [];
    return dir;
  };
  /**
   * The stage's files to read or run, not to change: the cached layer itself when nothing came after it, else
   * hard links to it with the later COPY steps applied (COPY replaces a file rather than writing into it).
   */
  const readable = async (stage: StageState): Promise<string> => {
    if (stage.dir) return stage.dir;
    if (stage.layer && stage.pending.length === 0) return stage.layer;
    const dir = newFolder();
    if (stage.layer) await run('cp', ['-al', `${stage.layer}/.`, dir]);
    for (const op of stage.pending) op(dir);
    // Not the stage's folder from now on: a RUN after this must not write through the links.
    return dir;
  };
  const apply = (stage: StageState, op: Op) => {
    if (stage.dir) op(stage.dir);
    else stage.pending.push(op);
  };

  for (const [index, spec] of image.buildStages.entries()) {
    if (stages.some((s) => s.name === spec.base))
      throw new Error(`${file}: FROM an earlier stage is not replayed`);
    const stage: StageState = {
      name: spec.name ?? String(index),
      pending: [],
      key: hash(`FROM ${spec.base}`),
      workdir: '/',
      env: {},
      user: 'root',
    };
    stages.push(stage);
    for (const instruction of spec.instructions) {
      const { keyword, args } = instruction;
      switch (keyword) {
        case 'WORKDIR': {
          stage.workdir = path.posix.resolve(stage.workdir, args);
          const workdir = stage.workdir;
          apply(stage, (root) => fs.mkdirSync(path.join(root, workdir), { recursive: true }));
          stage.key = hash(stage.key, instruction.line);
          break;
        }
        case 'ENV':
          Object.assign(stage.env, envOf(args));
          stage.key = hash(stage.key, instruction.line);
          break;
        case 'USER':
          stage.user = args;
          stage.key = hash(stage.key, instruction.line);
          break;
        case 'COPY': {
          const from = instruction.flags.from;
          const source = from ? stages.find((s) => s.name === from) : undefined;
          if (from && !source) throw new Error(`${file}: COPY --from=${from} names no earlier stage`);
          const copies = source
            ? stageCopies(await readable(source), instruction, stage.workdir)
            : contextCopies(context, instruction, stage.workdir);
          const contents = copies.map(([src, dest]) => `${dest} ${fileDigest(src)}`).join('\n');
          stage.key = hash(stage.key, instruction.line, source ? source.key : '', contents);
          apply(stage, (root) => {
            for (const [src, dest] of copies) copyFile(src, path.join(root, dest));
          });
          break;
        }
        case 'RUN': {
          runSteps++;
          if (stage.user !== 'root') throw new Error(`${file}: a RUN as ${stage.user} is not replayed`);
          stage.key = hash(stage.key, instruction.line);
          const layer = path.join(cacheDir, stage.key);
          const started = Date.now();
          if (fs.existsSync(path.join(layer, 'done'))) {
            const now = new Date();
            fs.utimesSync(layer, now, now);
            stage.layer = path.join(layer, 'root');
            stage.dir = undefined;
            stage.pending = [];
            steps.push(`${stage.name}: ${args.slice(0, 100)} (cached)`);
            break;
          }
          const root = await writable(stage);
          await runStep(root, stage, instruction);
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          keepLayer(root, stage.parentLayer, layer);
          stage.parentLayer = path.join(layer, 'root');
          steps.push(`${stage.name}: ${args.slice(0, 100)} (ran in ${seconds} s)`);
          break;
        }
        case 'CMD':
          stage.cmd = execForm(args);
          break;
        case 'HEALTHCHECK':
          stage.healthcheck = execForm(args.replace(/^CMD\s+/, ''));
          break;
        case 'EXPOSE':
        case 'ARG':
        case 'LABEL':
          break;
        default:
          throw new Error(`${file}: ${keyword} is not replayed`);
      }
    }
  }
  pruneCache(cacheDir, KEEP_BUILDS * runSteps);

  const final = stages.at(-1)!;
  const root = await readable(final);
  if (!final.cmd) throw new Error(`${file}: the final stage has no CMD`);
  return {
    root,
    workdir: final.workdir,
    env: final.env,
    user: final.user,
    cmd: final.cmd,
    healthcheck: final.healthcheck,
    steps,
    remove() {
      for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function hash(...parts: string[]): string {
  const h = crypto.createHash('sha256');
  for (const part of parts) h.update(`${part}\n`);
  return h.digest('hex').slice(0, 32);
}

/** A file's content and whether it is executable (what a layer's copy of it depends on). */
function fileDigest(file: string): string {
  const stat = fs.lstatSync(file);
  if (stat.isSymbolicLink()) return `link ${fs.readlinkSync(file)}`;
  const content = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  return `${stat.mode & 0o111 ? 'x' : '-'} ${content}`;
}

/** Replaces (never writes into) the destination: it may be a hard link to a cached layer's file. */
function copyFile(src: string, dest: string): void {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.rmSync(dest, { force: true });
  const stat = fs.lstatSync(src);
  if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dest);
  else {
    fs.copyFileSync(src, dest);
    fs.chmodSync(dest, stat.mode & 0o777);
  }
}

/**
 * The build context: the repository's files as `git ls-files` lists them (tracked, or new and not ignored; never
 * build output or node_modules), less those .dockerignore leaves out, by path from the repository root.
 */
function buildContext(): Set<string> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  const ignored = dockerignore();
  return new Set(
    listed
      .split('\0')
      .filter(Boolean)
      .filter((file) => !ignored(file) && fs.existsSync(path.join(repoRoot, file))),
  );
}

/** .dockerignore's patterns (`**` any folders, `*` any name part); a folder's pattern leaves out all inside it. */
function dockerignore(): (file: string) => boolean {
  const file = path.join(repoRoot, '.dockerignore');
  const patterns = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  if (patterns.some((p) => p.startsWith('!')))
    throw new Error('.dockerignore exceptions (!) are not replayed');
  const regexes = patterns.map((p) => {
    const body = p
      .replace(/^\/+|\/+$/g, '')
      .split('/')
      .map((part) =>
        part === '**'
          ? '(?:[^/]+/)*'
          : `${part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]')}/`,
      )
      .join('');
    return new RegExp(`^${body.replace(/\/$/, '')}(?:/|$)`);
  });
  return (f) => regexes.some((r) => r.test(f));
}

/** Where a COPY's destination is in the image: relative to the WORKDIR; a trailing slash names a folder. */
function destinationOf(
  instruction: Instruction,
  workdir: string,
): { dest: string; isDir: boolean; srcs: string[] } {
  const parts = instruction.args.split(' ');
  const dest = parts.pop()!;
  const srcs = parts;
  return {
    dest: path.posix.resolve(workdir, dest),
    isDir: dest.endsWith('/') || srcs.length > 1,
    srcs,
  };
}

/** [source file on this machine, path in the image] for each file a COPY from the build context names. */
function contextCopies(context: Set<string>, instruction: Instruction, workdir: string): [string, string][] {
  const { dest, isDir, srcs } = destinationOf(instruction, workdir);
  const copies: [string, string][] = [];
  for (const src of srcs) {
    const name = path.posix.normalize(src).replace(/^\.\/?|\/$/g, '');
    if (context.has(name)) {
      copies.push([
        path.join(repoRoot, name),
        isDir ? path.posix.join(dest, path.posix.basename(name)) : dest,
      ]);
      continue;
    }
    // A folder: its files, below the destination.
    const inside = [...context].filter((f) => name === '' || f.startsWith(`${name}/`)).sort();
    if (inside.length === 0) throw new Error(`${instruction.line}: ${src} is not in the build context`);
    for (const f of inside)
      copies.push([path.join(repoRoot, f), path.posix.join(dest, f.slice(name.length))]);
  }
  return copies;
}

/** The same for a COPY --from: what the other stage's folder holds at the named path. */
function stageCopies(stageRoot: string, instruction: Instruction, workdir: string): [string, string][] {
  const { dest, isDir, srcs } = destinationOf(instruction, workdir);
  const copies: [string, string][] = [];
  for (const src of srcs) {
    const from = path.join(stageRoot, src);
    if (!fs.existsSync(from)) throw new Error(`${instruction.line}: ${src} is not in that stage`);
    if (!fs.statSync(from).isDirectory()) {
      copies.push([from, isDir ? path.posix.join(dest, path.posix.basename(src)) : dest]);
      continue;
    }
    for (const f of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (f.isDirectory()) continue;
      const file = path.join(f.parentPath, f.name);
      copies.push([file, path.posix.join(dest, path.relative(from, file))]);
    }
  }
  return copies.sort(([, a], [, b]) => a.localeCompare(b));
}

/**
 * A RUN step in the stage's folder: /bin/sh -c in its WORKDIR, with the image's ENV and HOME (/root), nothing of
 * this process's environment but PATH (node and npm: the same Node 20 as the image's). A cache mount
 * (`--mount=type=cache,target=/root/.npm`) is this machine's own folder of the same use, linked in for the step only.
 */
async function runStep(root: string, stage: StageState, instruction: Instruction): Promise<void> {
  const home = path.join(root, 'root');
  fs.mkdirSync(home, { recursive: true });
  const mount = instruction.flags.mount;
  let mounted: string | undefined;
  if (mount) {
    const options = Object.fromEntries(mount.split(',').map((kv) => kv.split('=') as [string, string]));
    if (options.type !== 'cache' || !options.target)
      throw new Error(`${instruction.line}: mount not replayed`);
    const hostDir =
      options.target === '/root/.npm'
        ? path.join(os.homedir(), '.npm')
        : path.join(LAYER_CACHE, 'mounts', options.target.replace(/[^\w-]+/g, '_'));
    fs.mkdirSync(hostDir, { recursive: true });
    mounted = path.join(root, options.target);
    fs.mkdirSync(path.dirname(mounted), { recursive: true });
    fs.rmSync(mounted, { recursive: true, force: true });
    fs.symlinkSync(hostDir, mounted);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', instruction.args], {
        cwd: path.join(root, stage.workdir),
        env: { PATH: process.env.PATH, HOME: home, ...stage.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      const keep = (chunk: Buffer) => (text = (text + chunk.toString()).slice(-OUTPUT_TAIL_CHARS));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`${instruction.line}\nexited with ${code} in stage ${stage.name}:\n${text}`)),
      );
    });
  } finally {
    if (mounted) fs.rmSync(mounted, { force: true });
  }
}

/**
 * Keeps the folder as the step's layer, written beside it and renamed in place in one step. As Docker's layer holds
 * only what its step changed, a file the step left as it was (same size, time and mode as in the layer the folder was
 * restored from) is a hard link to that layer's copy: layers are never written to once kept.
 */
function keepLayer(root: string, parentLayer: string | undefined, layer: string): void {
  const partial = `${layer}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  linkOrCopyTree(root, parentLayer, path.join(partial, 'root'));
  fs.writeFileSync(path.join(partial, 'done'), '');
  fs.rmSync(layer, { recursive: true, force: true });
  fs.renameSync(partial, layer);
}

function linkOrCopyTree(src: string, parent: string | undefined, dest: string): void {
  fs.mkdirSync(dest);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = path.join(dest, entry.name);
    const before = parent && path.join(parent, entry.name);
    if (entry.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(from), to);
      continue;
    }
    const stat = fs.statSync(from);
    if (entry.isDirectory()) {
      linkOrCopyTree(from, before, to);
      fs.chmodSync(to, stat.mode & 0o7777);
      continue;
    }
    const old = before ? fs.lstatSync(before, { throwIfNoEntry: false }) : undefined;
    if (old?.isFile() && old.size === stat.size && old.mtimeMs === stat.mtimeMs && old.mode === stat.mode) {
      fs.linkSync(before!, to);
      continue;
    }
    fs.copyFileSync(from, to);
    fs.chmodSync(to, stat.mode & 0o7777);
    fs.utimesSync(to, stat.atime, stat.mtime);
  }
}

/** The newest `keep` layers stay (a layer taken from the cache counts as new); older ones and leftovers go. */
function pruneCache(cacheDir: string, keep: number): void {
  const entries = fs
    .readdirSync(cacheDir)
    .map((name) => ({ name, mtime: fs.statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  let kept = 0;
  for (const { name, mtime } of entries) {
    const partial = name.includes('.partial-');
    // A partial layer of another run still copying is left to it (an hour is far longer than any copy).
    if (partial ? Date.now() - mtime < 3_600_000 : ++kept <= keep) continue;
    fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

/** The image's ENV as the process sees it: an absolute path in it is a path in the image's file system. */
export function envInImage(replayed: ReplayedImage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(replayed.env).map(([key, value]) => [
      key,
      value.startsWith('/') && fs.existsSync(path.join(replayed.root, value))
        ? path.join(replayed.root, value)
        : value,
    ]),
  );
}
