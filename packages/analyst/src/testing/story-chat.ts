// A mind chat for stories: each kind of answer a chat holds (a count with its table, a curve with
// its chart and table, a priced bond linked, a refusal), shaped as `GET api/mind/chats/{id}/`
// returns it. Figures are illustrative; the stories check layout and accessibility, not figures.
import type { MindChat, MindMessage } from '@bonds/domain'

const at = '2026-11-27T06:00:00.000Z'

function turn(
  n: number,
  question: string,
  answer: Omit<MindMessage, 'id' | 'role' | 'created_at'>,
) {
  return [
    { id: `q${n}`, role: 'user', text: question, result: null, bonds: [], created_at: at },
    { id: `a${n}`, role: 'analyst', created_at: at, ...answer },
  ] satisfies MindMessage[]
}

/** The messages of the story chat. */
export const STORY_MESSAGES: MindMessage[] = [
  ...turn(1, 'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?', {
    text: '**6.2936%**: the yield of [6.54% GS 2032](/security/IN0020210244) at a clean price of 101.10, settling 24-Nov-2026.\n- Convention: G-sec, semi-annual, 30/360.',
    result: { kind: 'number', value: 6.2936, unit: '%' },
    bonds: [{ id: 'IN0020210244', isin: 'IN0020210244', name: '6.54% GS 2032' }],
  }),
  ...turn(2, 'how many active Maharashtra SDLs mature after 2030?', {
    text: '**3** bonds: active (not matured); state: Maharashtra; type: SDL; maturing on or after 2031-01-01.',
    result: { kind: 'count', value: 3 },
    bonds: [],
    table: {
      columns: ['Bond', 'ISIN', 'Coupon (%)', 'Maturity'],
      rows: [
        ['7.18% Maharashtra SDL 2031', 'IN2220210011', 7.18, '2031-03-10'],
        ['6.99% Maharashtra SDL 2033', 'IN2220210029', 6.99, '2033-06-02'],
        ['7.45% Maharashtra SDL 2038', 'IN2220220037', 7.45, '2038-01-19'],
      ],
    },
  }),
  ...turn(3, 'yield curve of PSU bonds', {
    text: "**3 points**: the last disclosed yields (mutual funds' valuations) of bonds of PSU issuers, by years to maturity.",
    result: { kind: 'bonds', value: ['INE020B08AQ9', 'INE020B08AX5', 'INE261F08980'] },
    bonds: [],
    chart: {
      title: 'Disclosed yields: issuer kind PSU',
      yLabel: 'Yield (%)',
      points: [
        { x: 1.04, y: 6.715, id: 'INE020B08AQ9', name: '7.70% REC Limited (12/12/2027)' },
        { x: 1.31, y: 6.8141, id: 'INE020B08AX5', name: '8.09% REC Limited (21/03/2028)' },
        { x: 6.18, y: 7.18, id: 'INE261F08980', name: '7.99% NABARD (02/02/2033)' },
      ],
    },
    table: {
      columns: ['Bond', 'ISIN', 'Years to maturity', 'Yield (%)', 'As of'],
      rows: [
        ['7.70% REC Limited (12/12/2027)', 'INE020B08AQ9', 1.04, 6.715, '2026-11-20'],
        ['8.09% REC Limited (21/03/2028)', 'INE020B08AX5', 1.31, 6.8141, '2026-11-20'],
        ['7.99% NABARD (02/02/2033)', 'INE261F08980', 6.18, 7.18, '2026-11-20'],
      ],
    },
  }),
  ...turn(4, 'where will the 10-year yield be next March?', {
    text: 'I cannot answer that: it asks for a forecast, and I answer only from the bond data the product holds.',
    result: { kind: 'declined', value: null },
    bonds: [],
  }),
]

/** The story chat. */
export const STORY_CHAT: MindChat = {
  id: 'c1',
  title: 'ytm on 6.54 GS 2032 at 101.10 clean settling 24-Nov-2026?',
  created_at: at,
  updated_at: at,
  share: null,
  messages: STORY_MESSAGES,
}
