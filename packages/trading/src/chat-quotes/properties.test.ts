// Whatever is pasted, the parser answers quotes that keep its promises: never throws, a confidence
// within 0–1, auto only for a resolved bond at the threshold, a yield or a price, lines it was given.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AUTO_CONFIDENCE, parseChatQuotes } from './parse.ts'
import { fixtureResolver } from './testing/fixture.ts'

const DESK_WORDS = [
  '7.18',
  'gs',
  '2033',
  '33',
  '7.12/7.10',
  '7.12',
  '/',
  '25cr',
  'cr',
  'bid',
  'offer',
  'sell',
  'buy',
  '@',
  'at',
  't+1',
  'T+0',
  'maha',
  'sdl',
  '2030',
  'hdfc',
  'bank',
  '100.25',
  'px',
  '%',
  '?',
  'done',
  'need',
  '-',
  '|',
  ',',
  'aug',
  '14-Aug-2033',
  'and',
  'each',
  '5,00,00,000',
  'units',
  'IN0020230085',
  '7.26',
  '29',
  'was',
  'choice',
  'kar',
  '7.44',
  '2035',
  '\n',
  'BIDS',
  'OFFERS',
  '0',
  '99999',
]

const deskText = fc
  .array(fc.oneof(fc.constantFrom(...DESK_WORDS), fc.string({ maxLength: 6 })), { maxLength: 40 })
  .map((words) => words.join(' '))

describe('the parser’s promises on any text', () => {
  it('holds them', async () => {
    await fc.assert(
      fc.asyncProperty(deskText, async (text) => {
        const quotes = await parseChatQuotes(text, fixtureResolver())
        const lines = text.split(/\r?\n/).length
        for (const q of quotes) {
          expect(q.confidence).toBeGreaterThanOrEqual(0)
          expect(q.confidence).toBeLessThanOrEqual(1)
          expect((q.yield === null) !== (q.price === null)).toBe(true)
          if (q.auto) {
            expect(q.isin).not.toBeNull()
            expect(q.confidence).toBeGreaterThanOrEqual(AUTO_CONFIDENCE)
          }
          expect(q.line).toBeGreaterThanOrEqual(1)
          expect(q.line).toBeLessThanOrEqual(lines)
          expect([0, 1, null]).toContain(q.settlementDelta)
          if (q.quantum !== null) expect(q.quantum).toBeGreaterThan(0)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('reads a long pasted run quickly and the same way twice', async () => {
    const run = Array.from({ length: 200 }, (_, i) =>
      i % 2
        ? `7.18 33 7.${10 + (i % 5)}/7.0${i % 9} 25cr`
        : `sell ${i % 40} cr kar 7.44 2035 @ 7.2${i % 9}`,
    ).join('\n')
    const started = performance.now()
    const first = await parseChatQuotes(run, fixtureResolver())
    expect(performance.now() - started).toBeLessThan(2000)
    expect(first).toHaveLength(300)
    expect(await parseChatQuotes(run, fixtureResolver())).toEqual(first)
    const line = 'bid 7.18 33 7.12 '.repeat(470)
    const startedLine = performance.now()
    await parseChatQuotes(line, fixtureResolver())
    expect(performance.now() - startedLine).toBeLessThan(2000)
  })
})
