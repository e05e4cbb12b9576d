import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../bench/processes.js';

/** A Dockerfile's instructions (continuation lines joined, comments dropped), by build stage. */
export function dockerfile(file: string) {
  const instructions = fs
    .readFileSync(path.join(repoRoot, file), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line && !line.startsWith('#'));
  const stages: string[][] = [];
  for (const line of instructions) {
    if (/^FROM /i.test(line)) stages.push([line]);
    else stages.at(-1)?.push(line);
  }
  const finalStage = stages.at(-1) ?? [];
  return {
    stages,
    finalStage,
    /** A variable's value as the final stage's ENV lines leave it (undefined when none sets it). */
    env(name: string): string | undefined {
      let value: string | undefined;
      for (const line of finalStage.filter((l) => /^ENV /i.test(l))) {
        for (const [, key, raw] of line.slice(4).matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
          if (key === name) value = raw!.replace(/^"|"$/g, '');
        }
      }
      return value;
    },
    /** Whom the final stage runs as (its last USER; root when none). */
    user(): string {
      return (
        finalStage
          .filter((l) => /^USER /i.test(l))
          .at(-1)
          ?.slice(5) ?? 'root'
      );
    },
  };
}

/** What the nginx image's envsubst step does: `${NAME}` replaced for the variables that are set, only. */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

export interface NginxLocation {
  /** Its directives, one per entry as written ("proxy_http_version 1.1;"), nested blocks left out. */
  directives: string[];
  /** The headers it adds (add_header, its includes' too), by lower-case name. */
  headers: Map<string, string>;
}

/**
 * The `location` blocks of an nginx server config, by their match ("= /graphql", "/assets/"). Includes of the
 * templates' output folder (/etc/nginx/conf.d/...) are read from `templatesDir`, rendered with `vars`.
 */
export function nginxLocations(
  config: string,
  templatesDir: string,
  vars: Record<string, string> = {},
): Map<string, NginxLocation> {
  const text = stripComments(config);
  const locations = new Map<string, NginxLocation>();
  for (const match of text.matchAll(/location\s+([^{]+?)\s*\{/g)) {
    const body = blockAfter(text, match.index + match[0].length);
    const directives = topLevel(body);
    const headers = new Map<string, string>();
    for (const directive of directives) {
      const include = /^include \/etc\/nginx\/conf\.d\/(\S+);$/.exec(directive);
      const lines = include
        ? topLevel(stripComments(renderTemplate(readTemplate(templatesDir, include[1]!), vars)))
        : [directive];
      for (const line of lines) {
        const header = /^add_header ([\w-]+) "([^"]*)"(?: always)?;$/.exec(line);
        if (header) headers.set(header[1]!.toLowerCase(), header[2]!);
      }
    }
    locations.set(match[1]!.trim(), { directives, headers });
  }
  return locations;
}

function readTemplate(templatesDir: string, output: string): string {
  return fs.readFileSync(path.join(templatesDir, `${output}.template`), 'utf8');
}

function stripComments(text: string): string {
  return text.replace(/#.*$/gm, '');
}

/** The text of the block whose opening brace ends at `start`, up to its matching closing brace. */
function blockAfter(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start, i);
  }
  throw new Error('unbalanced braces in the nginx config');
}

/** A block's own directives (each up to its ';', whitespace collapsed), skipping nested `{ ... }` blocks. */
function topLevel(body: string): string[] {
  const directives: string[] = [];
  let depth = 0;
  let current = '';
  let quoted = false; // a header's value may hold ';' and braces
  for (const char of body) {
    if (char === '"') quoted = !quoted;
    if (char === '{' && !quoted) depth++;
    if (depth === 0 && (char !== '}' || quoted)) current += char;
    if (char === '}' && !quoted) {
      depth--;
      current = '';
    }
    if (depth === 0 && char === ';' && !quoted) {
      directives.push(current.trim().replace(/\s+/g, ' '));
      current = '';
    }
  }
  return directives;
}
