import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** The repository's root, from apps/api/test/helpers. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

export function readRepoFile(relative: string): string {
  return readFileSync(path.join(ROOT, relative), 'utf8');
}

export interface DockerInstruction {
  /** Upper-case instruction: FROM, RUN, USER, ENV… */
  op: string;
  args: string;
}

export interface DockerStage {
  name: string;
  /** The FROM image with the global ARG defaults substituted. */
  from: string;
  instructions: DockerInstruction[];
}

/**
 * A Dockerfile's stages: comments dropped, continuation lines joined, ARG
 * defaults declared before the first FROM substituted into FROM lines.
 */
export function parseDockerfile(text: string): {
  args: Record<string, string>;
  stages: DockerStage[];
} {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || line === '') {
      if (current === '') continue;
      // A comment inside a continued instruction is skipped, as Docker does.
      if (line.startsWith('#')) continue;
    }
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(`${current}${line}`.trim());
    current = '';
  }
  const args: Record<string, string> = {};
  const stages: DockerStage[] = [];
  for (const line of logical.filter(Boolean)) {
    const [op = '', ...rest] = line.split(/\s+/);
    const instruction = { op: op.toUpperCase(), args: rest.join(' ') };
    if (instruction.op === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args);
      const image = (match?.[1] ?? '').replace(
        /\$\{(\w+)\}/g,
        (_, name: string) => args[name] ?? '',
      );
      stages.push({ name: match?.[2] ?? `stage${stages.length}`, from: image, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) {
      if (instruction.op === 'ARG') {
        const [name = '', value = ''] = instruction.args.split('=');
        args[name] = value;
      }
      continue;
    }
    stage.instructions.push(instruction);
  }
  return { args, stages };
}

/**
 * Every YAML document of a file, as plain objects (null documents dropped).
 * `<<` merge keys are resolved, as Docker Compose does.
 */
export function readYamlDocuments(relative: string): Record<string, unknown>[] {
  const docs = parseAllDocuments(readRepoFile(relative), { merge: true });
  return docs
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${relative}: ${doc.errors[0]?.message}`);
      return doc.toJS() as Record<string, unknown> | null;
    })
    .filter((doc): doc is Record<string, unknown> => doc !== null);
}

/** The manifests in infra/k8s, each document with the file it came from. */
export function readManifests(): { file: string; doc: Record<string, unknown> }[] {
  const dir = path.join(ROOT, 'infra/k8s');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .flatMap((name) =>
      readYamlDocuments(`infra/k8s/${name}`).map((doc) => ({ file: `infra/k8s/${name}`, doc })),
    );
}
