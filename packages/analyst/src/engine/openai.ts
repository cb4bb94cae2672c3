// The OpenAI-compatible planner: a chat-completions endpoint with tool calling chooses the tool
// calls; the tools compute every figure and write the answer (the model never states a number).
import { z } from 'zod'
import type { Planner } from './planner.ts'
import { declined, runTool, TOOLS, type Tool } from './tools.ts'
import type { Answer } from './types.ts'

/** Where the model is: `ANALYST_BASE_URL`, `ANALYST_API_KEY`, `ANALYST_MODEL`. */
export interface OpenAiPlannerOptions {
  baseUrl: string
  apiKey: string
  model: string
  /** Rounds of tool calls at most (default 4). */
  maxRounds?: number
  /** Milliseconds a request may take (default 30 s). */
  timeoutMs?: number
  fetch?: typeof fetch
}

const SYSTEM = `You are mind, an analyst of India's bond market. Answer only by calling the tools: they hold the product's bond data and bond maths. Never state a number yourself. Resolve the user's bonds in their words (desk shorthand like "6.54 GS 2032", "maha sdl 2035", typos, Hinglish) and pass them to the tools as text. Yields are in percent, dates ISO (YYYY-MM-DD). Call "decline" for forecasts, equities, advice or anything the data cannot answer. Call the one tool that answers the question; its result is shown to the user.`

interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string | null
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[]
  tool_call_id?: string
}

const responseSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                type: z.literal('function').optional(),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .nullish(),
        }),
      }),
    )
    .min(1),
})

/** The tools as the chat-completions API declares them (JSON Schema from the zod schemas). */
export function toolDeclarations() {
  return Object.values(TOOLS as Record<string, Tool>).map((tool) => ({
    type: 'function' as const,
    function: {
      name: tool.name,
      description: tool.description,
      parameters: z.toJSONSchema(tool.schema),
    },
  }))
}

/** A planner over an OpenAI-compatible chat-completions endpoint with tool calling. */
export function openAiPlanner(options: OpenAiPlannerOptions): Planner {
  const send = options.fetch ?? fetch
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`
  return {
    name: `openai:${options.model}`,
    answer: async (question, context) => {
      const messages: ChatMessage[] = [
        { role: 'system', content: `${SYSTEM} Today is ${context.today}.` },
        { role: 'user', content: question },
      ]
      let last: Answer | null = null as Answer | null
      for (let round = 0; round < (options.maxRounds ?? 4); round += 1) {
        const response = await send(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${options.apiKey}`,
          },
          body: JSON.stringify({
            model: options.model,
            messages,
            tools: toolDeclarations(),
            tool_choice: 'auto',
            temperature: 0,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        })
        if (!response.ok) throw new Error(`The analyst model answered ${response.status}`)
        const parsed = responseSchema.safeParse(await response.json())
        if (!parsed.success) throw new Error('The analyst model answered in an unknown shape')
        const message = parsed.data.choices[0]!.message
        const calls = message.tool_calls ?? []
        if (!calls.length) break
        messages.push({
          role: 'assistant',
          content: message.content ?? null,
          tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: c.function })),
        })
        let latest: Answer = declined('The analyst model called no tool.')
        for (const call of calls) {
          let args: unknown
          try {
            args = JSON.parse(call.function.arguments || '{}')
          } catch {
            args = null
          }
          latest = runTool(call.function.name, args, context)
          messages.push({
            role: 'tool',
            tool_call_id: call.id,
            content: JSON.stringify({ result: latest.result, text: latest.text }),
          })
        }
        last = latest
        // A tool's answer is the answer: the model chose the call, the tool wrote the figures.
        if (latest.result.kind !== 'declined' || calls.some((c) => c.function.name === 'decline'))
          return latest
      }
      return (
        last ??
        declined('The analyst model called no tool, so there is no answer grounded in the data.')
      )
    },
  }
}
