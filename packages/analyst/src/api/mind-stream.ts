// The page's streamed answer (decision 280), injected into the one API slice: a mutation starts
// it (`POST api/mind/ask/stream/`, through the app's client and its rules), and a query entry per
// stream opens it and writes its server-sent events into the cache as they arrive: progress, the
// typed result, the text piece by piece, then the stored answer (the JSON `POST api/mind/ask/`
// gives), or an error. The stream's id stands for the researcher, so no token is sent with it.
import { baseApi } from '@bonds/api-client'
import type { MindAskRequest, MindAskResponse, MindResult } from '@bonds/domain'
import { readSse } from './sse.ts'

/** A streamed answer as the page shows it while it arrives. */
export interface MindAnswerStream {
  status: 'streaming' | 'done' | 'failed'
  /** The steps the server reported, in order. */
  steps: string[]
  /** The typed result (it comes before the text). */
  result: MindResult | null
  bonds: MindAskResponse['bonds']
  /** The text so far. */
  text: string
  /** The stored answer, when done. */
  answer: MindAskResponse | null
  /** What went wrong, when failed. */
  error: string | null
}

/** What the page says when the stream broke off without an error of its own. */
export const STREAM_BROKEN = 'The answer stopped arriving. Please ask again.'

/** A stream's state before its first event. */
export const STREAM_START: MindAnswerStream = {
  status: 'streaming',
  steps: [],
  result: null,
  bonds: [],
  text: '',
  answer: null,
  error: null,
}

/** The state after one event (unknown events leave it as it is). */
export function applyStreamEvent(
  state: MindAnswerStream,
  event: string,
  data: unknown,
): MindAnswerStream {
  const d = data as Record<string, unknown>
  switch (event) {
    case 'progress':
      return { ...state, steps: [...state.steps, String(d.step)] }
    case 'result':
      return {
        ...state,
        result: d.result as MindResult,
        bonds: d.bonds as MindAskResponse['bonds'],
      }
    case 'text':
      return { ...state, text: state.text + String(d.delta) }
    case 'done': {
      const answer = data as MindAskResponse
      return { ...state, status: 'done', answer, text: answer.text, result: answer.result }
    }
    case 'error':
      return {
        ...state,
        status: 'failed',
        error: typeof d.message === 'string' ? d.message : STREAM_BROKEN,
      }
    default:
      return state
  }
}

function streamUrl(id: string): string {
  const path = `/api/mind/ask/stream/${encodeURIComponent(id)}/`
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin
  return new URL(path, origin).toString()
}

/** The streamed-answer endpoints. */
export const mindStreamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startMindAsk: build.mutation<{ stream_id: string }, MindAskRequest>({
      query: (body) => ({ url: 'api/mind/ask/stream/', method: 'POST', body }),
    }),
    mindAnswerStream: build.query<MindAnswerStream, string>({
      queryFn: () => ({ data: STREAM_START }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(
        id,
        { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch },
      ) {
        await cacheDataLoaded
        const abort = new AbortController()
        let ended = false
        const apply = (event: string, data: unknown) => {
          if (ended) return
          updateCachedData((state) => applyStreamEvent(state, event, data))
          if (event === 'done') {
            ended = true
            const { chat_id } = data as MindAskResponse
            dispatch(
              baseApi.util.invalidateTags([
                { type: 'MindChat', id: 'LIST' },
                { type: 'MindChat', id: chat_id },
              ]),
            )
          } else if (event === 'error') ended = true
        }
        const run = async () => {
          const response = await fetch(streamUrl(id), {
            headers: { Accept: 'text/event-stream' },
            signal: abort.signal,
          })
          if (!response.ok || !response.body) {
            const body = (await response.json().catch(() => null)) as { message?: unknown } | null
            apply('error', { message: body?.message })
            return
          }
          await readSse(response.body, ({ event, data }) => apply(event, JSON.parse(data)))
          if (!ended) apply('error', {})
        }
        void run().catch(() => {
          if (!abort.signal.aborted) apply('error', {})
        })
        await cacheEntryRemoved
        abort.abort()
      },
    }),
  }),
})

export const { useStartMindAskMutation, useMindAnswerStreamQuery } = mindStreamApi
