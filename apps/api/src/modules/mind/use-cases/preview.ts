// /mind/preview's live examples: a few researcher questions answered now by the built-in planner
// over the stored universe (no chat is stored; no account is needed).
import { builtInPlanner } from '@bonds/analyst/engine'
import type { MindPreview } from '@bonds/domain'
import type { MindContext } from '../context.ts'

/** The questions the preview answers. */
export const PREVIEW_QUESTIONS = [
  'how many active Maharashtra SDLs mature after 2030?',
  'ytm on 7.26 GS 2033 at 100 clean',
  'where will the 10-year yield be next March?',
] as const

/** The preview's examples, answered live. */
export async function preview(context: MindContext): Promise<MindPreview> {
  const analyst = await context.analyst()
  const today = context.today()
  const examples = []
  for (const question of PREVIEW_QUESTIONS) {
    const answer = await analyst.ask(question, { today, planner: builtInPlanner })
    examples.push({
      question,
      text: answer.text,
      result: answer.result,
      bonds: answer.bonds,
      ...(answer.table ? { table: { ...answer.table, rows: answer.table.rows.slice(0, 10) } } : {}),
    })
  }
  return { examples }
}
