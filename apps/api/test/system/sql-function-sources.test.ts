import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Decision 0076: every PL/pgSQL function of the database has its source in the module
 * that calls it (`src/modules/{module}/sql/{name}.sql`), and the latest migration that
 * defines it says exactly that. A function changed in a migration without its source, or
 * a source changed without a migration, fails here.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MIGRATIONS = path.join(ROOT, 'prisma/migrations');
const MODULES = path.join(ROOT, 'apps/api/src/modules');

/** `CREATE [OR REPLACE] FUNCTION name(…) … AS $$ … $$;`, the body dollar-quoted with `$$`. */
const DEFINITION = /CREATE (?:OR REPLACE )?FUNCTION (\w+)\(([\s\S]*?)\$\$;/g;
const DROP = /DROP FUNCTION (?:IF EXISTS )?(\w+)/g;

/** One statement as compared: `CREATE OR REPLACE`, no trailing spaces, no comments around. */
function canonical(name: string, rest: string): string {
  const text = `CREATE OR REPLACE FUNCTION ${name}(${rest}$$;`;
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** Each function the migrations leave defined, as its last definition says it. */
function definedFunctions(migrations: readonly string[]): Map<string, string> {
  const functions = new Map<string, string>();
  for (const sql of migrations) {
    const events = [
      ...[...sql.matchAll(DEFINITION)].map((m) => ({
        at: m.index,
        name: m[1] as string,
        text: canonical(m[1] as string, m[2] as string),
      })),
      ...[...sql.matchAll(DROP)].map((m) => ({ at: m.index, name: m[1] as string, text: null })),
    ].sort((a, b) => a.at - b.at);
    for (const event of events) {
      if (event.text === null) functions.delete(event.name);
      else functions.set(event.name, event.text);
    }
  }
  return functions;
}

/** A source file's statement: its leading `--` lines dropped. */
function sourceStatement(file: string): { name: string; text: string } | null {
  const body = file
    .split('\n')
    .filter((line, index, lines) => !lines.slice(0, index + 1).every((l) => l.startsWith('--')))
    .join('\n');
  const match = /^CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)\$\$;\s*$/.exec(body.trim());
  if (!match) return null;
  return { name: match[1] as string, text: canonical(match[1] as string, match[2] as string) };
}

function readMigrations(): string[] {
  return readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((dir) => readFileSync(path.join(MIGRATIONS, dir, 'migration.sql'), 'utf8'));
}

function readSources(): { file: string; content: string }[] {
  return readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((module) => {
      const dir = path.join(MODULES, module.name, 'sql');
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((name) => name.endsWith('.sql'));
      } catch {
        return [];
      }
      return files.map((name) => ({
        file: `${module.name}/sql/${name}`,
        content: readFileSync(path.join(dir, name), 'utf8'),
      }));
    });
}

describe("the database's functions live as source (decision 0076)", () => {
  const defined = definedFunctions(readMigrations());
  const sources = readSources();

  it('has a source file for every function the migrations define, and no other', () => {
    expect(defined.size).toBeGreaterThan(0);
    const named = sources.map((source) => path.basename(source.file, '.sql')).sort();
    expect(named).toEqual([...defined.keys()].sort());
  });

  it("says in each source file exactly what the function's latest migration says", () => {
    for (const source of sources) {
      const statement = sourceStatement(source.content);
      expect(statement, `${source.file}: one CREATE OR REPLACE FUNCTION … $$;`).not.toBeNull();
      expect(statement?.name, source.file).toBe(path.basename(source.file, '.sql'));
      expect(statement?.text, `${source.file} differs from its latest migration`).toBe(
        defined.get(statement?.name ?? ''),
      );
    }
  });

  it('reads a later migration as the definition, and a drop as none', () => {
    const first =
      'CREATE FUNCTION f(a int) RETURNS int\nLANGUAGE plpgsql AS $$\nBEGIN RETURN 1; END\n$$;';
    const later = first.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION').replace('1', '2');
    expect(definedFunctions([first, later]).get('f')).toContain('RETURN 2');
    expect(definedFunctions([first, `${later}\nDROP FUNCTION IF EXISTS f(int);`]).has('f')).toBe(
      false,
    );
    // A source whose body drifted from the migration is told apart.
    const source = `-- f\n${later.replace('RETURN 2', 'RETURN 3')}\n`;
    expect(sourceStatement(source)?.text).not.toBe(definedFunctions([first, later]).get('f'));
  });
});
