// @bonds/analyst/engine: mind's analyst, framework-free (the server runs it). Typed tools over the
// bond universe, the built-in planner, and the OpenAI-compatible planner behind the same port.
import { builtInPlanner, type Planner } from './planner.ts'
import { IssuerIndex } from './resolve.ts'
import type { ToolContext } from './tools.ts'
import type { AnalystData, Answer } from './types.ts'

export { builtInPlanner, planQuestion, readScreen } from './planner.ts'
export type { Planner, ToolCall } from './planner.ts'
export { openAiPlanner } from './openai.ts'
export type { OpenAiPlannerOptions } from './openai.ts'
export { applyScreen, screenSchema } from './screen.ts'
export type { Screen } from './screen.ts'
export { runTool, TOOLS } from './tools.ts'
export type { Tool, ToolContext, ToolName } from './tools.ts'
export { RESULT_KINDS } from './types.ts'
export type {
  AnalystBond,
  AnalystData,
  AnalystResult,
  Answer,
  AnswerBond,
  AnswerChart,
  AnswerTable,
  ResultKind,
  ResultUnit,
} from './types.ts'

/** The analyst over one universe: built once (its issuer index), asked any number of times. */
export interface Analyst {
  ask(question: string, options?: { today?: string; planner?: Planner }): Promise<Answer>
}

/** An analyst over the data port's bonds; `planner` defaults to the built-in one. */
export function createAnalyst(data: AnalystData, planner: Planner = builtInPlanner): Analyst {
  const issuers = new IssuerIndex(data.bonds)
  return {
    ask: (question, options = {}) => {
      const context: ToolContext = {
        bonds: data.bonds,
        today: options.today ?? data.today,
        issuers,
      }
      return (options.planner ?? planner).answer(question, context)
    },
  }
}
