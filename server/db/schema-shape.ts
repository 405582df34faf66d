/**
 * The provider-independent shape of a Prisma schema: its models (fields with types and attributes, block
 * attributes) and enums, read with a small parser of the schema language. Comments, layout, the generator and
 * datasource blocks and native-type attributes (`@db.…`) are left out, since those may differ between the SQLite
 * and the PostgreSQL schema; everything else must be the same (server/db/schema-drift.test.ts).
 *
 * @example
 *   const shape = schemaShape(readFileSync("prisma/schema.prisma", "utf8"));
 *   shape.models.Match?.fields.version; // "Int @default(0)"
 *   shapeDifferences(sqliteShape, postgresShape); // [] when they agree
 */

export interface ModelShape {
  /** Field name → type and attributes, normalised, e.g. "String? @unique". */
  readonly fields: Readonly<Record<string, string>>;
  /** Block attributes in order, e.g. ["@@unique([matchId, nonce])"]. */
  readonly attributes: readonly string[];
}

export interface SchemaShape {
  readonly models: Readonly<Record<string, ModelShape>>;
  readonly enums: Readonly<Record<string, readonly string[]>>;
}

const BLOCK = /^\s*(model|enum|generator|datasource|view|type)\s+(\w+)\s*\{([\s\S]*?)^\s*\}/gm;

function withoutComment(line: string): string {
  // `//` inside a string literal (e.g. a URL default) is not a comment.
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' && line[i - 1] !== "\\") inString = !inString;
    if (!inString && c === "/" && line[i + 1] === "/") return line.slice(0, i);
  }
  return line;
}

function normalise(text: string): string {
  return text
    .replace(/@db\.\w+(\([^)]*\))?/g, "")
    .replace(/\s*([(),:[\]])\s*/g, "$1")
    .replace(/,/g, ", ")
    .replace(/\s+/g, " ")
    .trim();
}

function bodyLines(body: string): string[] {
  return body
    .split("\n")
    .map((line) => withoutComment(line).trim())
    .filter((line) => line.length > 0);
}

export function schemaShape(schema: string): SchemaShape {
  const models: Record<string, ModelShape> = {};
  const enums: Record<string, string[]> = {};
  for (const [, keyword, name, body] of schema.matchAll(BLOCK)) {
    if (!name || body === undefined) continue;
    if (keyword === "enum") {
      enums[name] = bodyLines(body).map(normalise);
    } else if (keyword === "model" || keyword === "view" || keyword === "type") {
      const fields: Record<string, string> = {};
      const attributes: string[] = [];
      for (const line of bodyLines(body)) {
        if (line.startsWith("@@")) {
          attributes.push(normalise(line));
          continue;
        }
        const [, field, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
        if (!field || rest === undefined) throw new Error(`schemaShape: cannot read the line "${line}" of ${name}`);
        fields[field] = normalise(rest);
      }
      models[`${keyword === "model" ? "" : `${keyword} `}${name}`] = { fields, attributes };
    }
  }
  return { models, enums };
}

/** Human-readable differences between two shapes; empty when they agree. */
export function shapeDifferences(a: SchemaShape, b: SchemaShape, names: readonly [string, string] = ["first", "second"]): string[] {
  const differences: string[] = [];
  const compare = (what: string, x: string | undefined, y: string | undefined) => {
    if (x !== y) differences.push(`${what}: ${names[0]} has ${x ?? "nothing"}, ${names[1]} has ${y ?? "nothing"}`);
  };
  for (const model of new Set([...Object.keys(a.models), ...Object.keys(b.models)])) {
    const left = a.models[model];
    const right = b.models[model];
    if (!left || !right) {
      compare(`model ${model}`, left ? "it" : undefined, right ? "it" : undefined);
      continue;
    }
    for (const field of new Set([...Object.keys(left.fields), ...Object.keys(right.fields)])) {
      compare(`${model}.${field}`, left.fields[field], right.fields[field]);
    }
    compare(`${model} block attributes`, left.attributes.join(" "), right.attributes.join(" "));
  }
  for (const name of new Set([...Object.keys(a.enums), ...Object.keys(b.enums)])) {
    compare(`enum ${name}`, a.enums[name]?.join(" "), b.enums[name]?.join(" "));
  }
  return differences;
}
