/**
 * Long straight-line bodies, cut into parts TypeScript can analyse. The type checker follows a
 * variable's narrowing back through every condition before its use, and gives up (TS2563, "too
 * large for control flow analysis") past about 2,000 of them in one function: an object with
 * 1,999 properties, each a `$ref`, compiled to one body that did not type-check, so `generate`
 * refused a valid schema. A run of statements over the budget is cut into parts, each a function
 * declared in its own block and called at once: a function declaration starts the analysis afresh
 * (it only reads what it captures, `const`s and parameters, at their declared types), and a part
 * fails the way its statements would, so its caller returns what it returns.
 *
 * The cost is one closure per part and call, paid only by bodies that large; every committed
 * schema stays far below the budget, so their output is unchanged.
 */
import { code, lines, type Code } from "../code.js";
import type { CompileContext } from "./context.js";
import type { Mode } from "./mode.js";

/**
 * Conditions per part: half the checker's limit, so a part's own narrowing of what it captures
 * (and the statements around the parts) stay clear of it.
 */
export const FLOW_BUDGET = 1000;

/** Branch points a statement adds to the flow graph, counted from its text: ifs, ternaries and short-circuits. */
export function conditionsIn(statement: Code): number {
  const text = statement.draft();
  let count = 0;
  for (const token of ["if (", " && ", " || ", " ? "]) {
    for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + token.length)) count++;
  }
  return count;
}

/** `statements` as they are when under the budget, else cut into parts called in turn. */
export function withinFlowBudget(ctx: CompileContext, mode: Mode, statements: readonly Code[]): Code[] {
  const weights = statements.map(conditionsIn);
  if (weights.reduce((sum, weight) => sum + weight, 0) <= FLOW_BUDGET) return [...statements];
  const parts: Code[][] = [[]];
  let weight = 0;
  statements.forEach((statement, i) => {
    const own = weights[i] as number;
    if (weight + own > FLOW_BUDGET && (parts[parts.length - 1] as Code[]).length > 0) {
      parts.push([]);
      weight = 0;
    }
    (parts[parts.length - 1] as Code[]).push(statement);
    weight += own;
  });
  return parts.map((part) => called(ctx, mode, lines(part)));
}

function called(ctx: CompileContext, mode: Mode, body: Code): Code {
  const part = ctx.local("part");
  if (mode.kind === "fast") {
    return code`{
function ${part}(): boolean {
${lines([body, code`return true;`])}
}
if (!${part}()) return false;
}`;
  }
  const found = ctx.local("found");
  return code`{
function ${part}(): ValidationIssue[] | undefined {
${lines([body, code`return undefined;`])}
}
const ${found} = ${part}();
if (${found} !== undefined) return ${found};
}`;
}
