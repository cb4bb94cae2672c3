import { describe, expect, it } from 'vitest'
import { makeRun, makeRunPage } from '../testing/rfq-factory.ts'
import { patchPublicRuns } from './runs-patch.ts'

const bond = (name: string, patch: Parameters<typeof makeRun>[0] = {}) =>
  makeRun({ finstrument_id: name, isin: name, display_name: name, ...patch })

describe('patchPublicRuns', () => {
  const page = makeRunPage([bond('A 2030'), bond('C 2030'), bond('E 2030')])

  it('replaces a changed line, keeping every other line as it was', () => {
    const moved = bond('C 2030', { quotes: 9 })
    const patched = patchPublicRuns(page, new Set(['C 2030']), [moved])
    expect(patched.results.map((run) => run.display_name)).toEqual(['A 2030', 'C 2030', 'E 2030'])
    expect(patched.results[1]).toBe(moved)
    expect(patched.results[0]).toBe(page.results[0])
    expect(patched.results[2]).toBe(page.results[2])
  })

  it('inserts new bonds where the server sorts them (by name), and counts them', () => {
    const patched = patchPublicRuns(page, new Set(['B 2030', 'Z 2030', '0 2030']), [
      bond('Z 2030'),
      bond('B 2030'),
      bond('0 2030'),
    ])
    expect(patched.results.map((run) => run.display_name)).toEqual([
      '0 2030',
      'A 2030',
      'B 2030',
      'C 2030',
      'E 2030',
      'Z 2030',
    ])
    expect(patched).toMatchObject({ count: 6, page_size: 6 })
  })

  it('removes a bond the read no longer answers (no live quote left, or outside the search)', () => {
    const patched = patchPublicRuns(page, new Set(['A 2030', 'E 2030']), [bond('E 2030')])
    expect(patched.results.map((run) => run.display_name)).toEqual(['C 2030', 'E 2030'])
    expect(patched.count).toBe(2)
  })

  it('answers the same page when the read says what the list already has', () => {
    const same = patchPublicRuns(page, new Set(['C 2030', 'Q 2030']), [bond('C 2030')])
    expect(same).toBe(page)
  })

  it('ignores lines of bonds it was not asked about', () => {
    const patched = patchPublicRuns(page, new Set(['A 2030']), [
      bond('A 2030', { quotes: 4 }),
      bond('D 2030'),
    ])
    expect(patched.results.map((run) => run.display_name)).toEqual(['A 2030', 'C 2030', 'E 2030'])
    expect(patched.results[0]?.quotes).toBe(4)
  })
})
