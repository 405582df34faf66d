/**
 * Finds every failure the code makes with a written code — `err("ERR_…", values)` in lib/, `refuse(…)` in lib/match,
 * `fail(…)`, `errorBody(…)`, `jsonError(…)`, `sendError(res, status, …)` and `refusedConnection(…)` in server/ and
 * app/ — with the `reason` (or reasons, for `cond ? "a" : "b"`) it gives and the names of its other values. Used by
 * i18n/messages.test.ts to check that `errors.<code>` words every one of them in every language. A failure whose values
 * come from elsewhere (`err("ERR_ILLEGAL_PLAY", play.values)`) is marked `passed`; one whose reason is not written at
 * the call (a variable) is marked `unresolved`, which the test refuses: the reason of a failure is written where it is
 * made, so the words can be checked.
 *
 * @example
 *   scanFailures("x.ts", `return err("ERR_CUBE_OWNED", { player: opponentOf(color) });`);
 *   // [{ file: "x.ts", line: 1, code: "ERR_CUBE_OWNED", reasons: null, names: ["player"], spread: false, passed: false, unresolved: false }]
 */
import ts from "typescript";

export interface FailureSite {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  /** The `reason` values this site can give; null when it gives no reason. */
  readonly reasons: readonly string[] | null;
  /** The names of the values written at the site (besides `reason`). */
  readonly names: readonly string[];
  /** The values also spread another object in (`{ reason: "field", ...fieldIssue(issues) }`): more names may come. */
  readonly spread: boolean;
  /** The values are another failure's (`play.values`): their reasons are that failure's. */
  readonly passed: boolean;
  /** The reason is not written at the call. */
  readonly unresolved: boolean;
}

/** The functions that make a failure, and the position of their code argument (the values follow it). */
const MAKERS: Readonly<Record<string, number>> = { err: 0, refuse: 0, fail: 0, errorBody: 0, jsonError: 0, refusedConnection: 0, sendError: 2 };

/** The string literals an expression can evaluate to (through ?: and parentheses), or null when it is not one. */
function literals(expr: ts.Expression): string[] | null {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isParenthesizedExpression(expr)) return literals(expr.expression);
  if (ts.isConditionalExpression(expr)) {
    const a = literals(expr.whenTrue);
    const b = literals(expr.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

export function scanFailures(file: string, source: string): FailureSite[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FailureSite[] = [];
  const site = (node: ts.Node, code: string, values: ts.Expression | undefined) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    const base = { file, line, code, reasons: null, names: [], spread: false, passed: false, unresolved: false };
    if (values === undefined || (ts.isIdentifier(values) && values.text === "undefined")) return void found.push(base);
    if (ts.isParenthesizedExpression(values)) return site(node, code, values.expression);
    if (ts.isConditionalExpression(values)) {
      site(node, code, values.whenTrue);
      site(node, code, values.whenFalse);
      return;
    }
    if (!ts.isObjectLiteralExpression(values)) return void found.push({ ...base, passed: true });
    let reasons: string[] | null = null;
    let unresolved = false;
    let spread = false;
    const names: string[] = [];
    for (const property of values.properties) {
      if (ts.isSpreadAssignment(property)) {
        spread = true;
        continue;
      }
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
      if (name === null) continue;
      if (name !== "reason") {
        names.push(name);
        continue;
      }
      reasons = ts.isPropertyAssignment(property) ? literals(property.initializer) : null;
      unresolved = reasons === null;
    }
    found.push({ ...base, reasons, names, spread, unresolved });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && Object.hasOwn(MAKERS, node.expression.text)) {
      const at = MAKERS[node.expression.text] as number;
      const code = node.arguments[at];
      if (code && ts.isStringLiteral(code) && code.text.startsWith("ERR_")) site(node, code.text, node.arguments[at + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
