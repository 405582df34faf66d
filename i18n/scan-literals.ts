/**
 * Finds text a person would see that is written into a component instead of coming from the message files: letters
 * in JSX text, in a string literal or template placed as a JSX child, and in the attributes people read or hear
 * (aria-label, placeholder, title, alt, label, aria-description, aria-valuetext). Used by i18n/untranslated.test.ts
 * over app/ and components/. Symbols, numbers and punctuation (·, —, ←, 64) pass; so does a line marked with
 * `// i18n-ignore: <why>` just above it.
 *
 * @example
 *   scanSource("x.tsx", "<p>Hello {name}</p>"); // [{ file: "x.tsx", line: 1, text: "Hello" }]
 */
import ts from "typescript";

export interface Literal {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

const READ_ATTRIBUTES = new Set(["aria-label", "placeholder", "title", "alt", "label", "aria-description", "aria-valuetext", "aria-roledescription"]);
/** A letter of any script: what makes a string words rather than symbols. */
const LETTER = /\p{L}/u;

function hasWords(text: string): boolean {
  return LETTER.test(text);
}

export function scanSource(file: string, source: string): Literal[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = source.split("\n");
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    if ((lines[line - 1] ?? "").includes("i18n-ignore")) return;
    found.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, " ") });
  };
  const literalText = (expr: ts.Expression | undefined): string | null => {
    if (!expr) return null;
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
    if (ts.isTemplateExpression(expr)) return [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(" ");
    if (ts.isConditionalExpression(expr)) return [literalText(expr.whenTrue), literalText(expr.whenFalse)].filter((t) => t !== null).join(" ") || null;
    if (ts.isBinaryExpression(expr) && (expr.operatorToken.kind === ts.SyntaxKind.BarBarToken || expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || expr.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
      return [literalText(expr.left), literalText(expr.right)].filter((t) => t !== null).join(" ") || null;
    }
    if (ts.isParenthesizedExpression(expr)) return literalText(expr.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text !== null && hasWords(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(sf))) {
      const init = node.initializer;
      const text = init === undefined ? null : ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? literalText(init.expression) : null;
      if (text !== null && hasWords(text)) report(node, `${node.name.getText(sf)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
