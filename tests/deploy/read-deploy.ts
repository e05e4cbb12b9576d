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
  // The ARGs before the first FROM: what a FROM line's ${NAME} stands for (their defaults; no --build-arg here).
  const globalArgs: Record<string, string> = {};
  for (const line of instructions) {
    if (/^FROM /i.test(line)) stages.push([line]);
    else if (stages.length === 0 && /^ARG \w+=/i.test(line)) {
      const [, name, value] = /^ARG (\w+)=(.*)$/i.exec(line)!;
      globalArgs[name!] = value!.replace(/^"|"$/g, '');
    } else stages.at(-1)?.push(line);
  }
  const finalStage = stages.at(-1) ?? [];
  return {
    stages,
    finalStage,
    /** Each build stage parsed: its base image, its name and its instructions. */
    buildStages: stages.map((lines): BuildStage => {
      const [, base, name] = /^FROM (\S+)(?: AS (\S+))?$/i.exec(lines[0]!)!;
      return {
        base: base!.replace(/\$\{(\w+)\}/g, (whole, arg: string) => globalArgs[arg] ?? whole),
        ...(name ? { name } : {}),
        instructions: lines.slice(1).map(parseInstruction),
      };
    }),
    /** A variable's value as the final stage's ENV lines leave it (undefined when none sets it). */
    env(name: string): string | undefined {
      let value: string | undefined;
      for (const line of finalStage.filter((l) => /^ENV /i.test(l))) {
        const vars = envOf(line.slice(4));
        if (name in vars) value = vars[name];
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

export interface BuildStage {
  /** The image it starts from (the global ARGs' defaults filled in). */
  base: string;
  /** Its name (`FROM ... AS name`), what `COPY --from=` refers to. */
  name?: string;
  instructions: Instruction[];
}

/** One instruction: its keyword (upper-case), its `--flag=value` options, and the rest of the line. */
export interface Instruction {
  line: string;
  keyword: string;
  flags: Record<string, string>;
  args: string;
}

function parseInstruction(line: string): Instruction {
  const [, keyword, rest] = /^(\w+)\s*(.*)$/.exec(line)!;
  const flags: Record<string, string> = {};
  let args = rest!;
  // HEALTHCHECK's options and RUN's and COPY's flags come first; a RUN's command may hold "--" options of its own.
  for (let flag = /^--([\w-]+)=(\S+)\s*/.exec(args); flag; flag = /^--([\w-]+)=(\S+)\s*/.exec(args)) {
    flags[flag[1]!] = flag[2]!;
    args = args.slice(flag[0].length);
  }
  return { line, keyword: keyword!.toUpperCase(), flags, args };
}

/** An ENV instruction's variables (`ENV A=1 B="two words"`, or the older `ENV A 1`). */
export function envOf(args: string): Record<string, string> {
  if (!/^\w+=/.test(args)) {
    const [, key, value] = /^(\w+)\s+(.*)$/.exec(args)!;
    return { [key!]: value! };
  }
  const vars: Record<string, string> = {};
  for (const [, key, raw] of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) vars[key!] = raw!.replace(/^"|"$/g, '');
  return vars;
}

/** A CMD's or HEALTHCHECK CMD's argument list (the JSON form; the shell form runs under /bin/sh -c). */
export function execForm(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
}
