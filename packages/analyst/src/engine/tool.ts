// What every tool shares: its shape, the context it runs with, a declined answer, and the one
// bond a text names.
import type { z } from 'zod'
import { answerBonds, BOND_COLUMNS, bondList, bondRows, LIST_LIMIT } from './format.ts'
import { describeReference, resolveText, type IssuerIndex } from './resolve.ts'
import type { AnalystBond, Answer } from './types.ts'

/** What a tool runs with. */
export interface ToolContext {
  bonds: readonly AnalystBond[]
  today: string
  issuers: IssuerIndex
}

/** A tool: its name, what it does (for a model), its argument schema and its run. */
export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string
  description: string
  schema: S
  run: (args: z.infer<S>, context: ToolContext) => Answer
}

/** A declined answer, saying why. */
export function declined(reason: string, steps: string[] = []): Answer {
  return { result: { kind: 'declined', value: null }, text: reason, bonds: [], steps }
}

/** One bond a text names, or the answer to give instead (none, or several to choose from). */
export function oneBond(text: string, context: ToolContext): AnalystBond | Answer {
  const { reference, bonds } = resolveText(text, context.bonds, context.issuers, context.today)
  const how = describeReference(reference)
  if (!how)
    return declined(
      'I could not tell which bond you mean: name it by ISIN, or by coupon, type and year ("6.54 GS 2032").',
    )
  if (bonds.length === 0) {
    return declined(`The data holds no bond with ${how}, so I cannot answer about it.`, [
      `Looked up: ${how}; no bond matched.`,
    ])
  }
  if (bonds.length === 1) return bonds[0]!
  return {
    result: { kind: 'bonds', value: bonds.slice(0, LIST_LIMIT).map((b) => b.isin) },
    text: `**${bonds.length} bonds** match ${how}; name one by its ISIN or full coupon to go on.\n\n${bondList(bonds)}`,
    bonds: answerBonds(bonds.slice(0, LIST_LIMIT)),
    steps: [`Looked up: ${how}; ${bonds.length} bonds matched.`],
    table: { columns: BOND_COLUMNS, rows: bondRows(bonds.slice(0, LIST_LIMIT)) },
  }
}
