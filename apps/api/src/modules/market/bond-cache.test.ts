// The market's bond cache: a bond read once per interval, a miss never kept.
import { describe, expect, it } from 'vitest'
import { TEST_GSEC_2032 } from '../../db/testing.ts'
import type { FinstrumentRow } from '../finstruments/index.ts'
import { bondCache } from './bond-cache.ts'

describe('bondCache', () => {
  it('reads a bond once per interval and never keeps a bond not found', async () => {
    let now = 0
    const reads: string[] = []
    let stored: FinstrumentRow | undefined
    const bond = bondCache(
      async (id) => {
        reads.push(id)
        return id === TEST_GSEC_2032.id ? stored : undefined
      },
      10_000,
      () => now,
    )
    expect(await bond(TEST_GSEC_2032.id)).toBeUndefined()
    stored = { ...TEST_GSEC_2032, isListed: true } as unknown as FinstrumentRow
    // Imported meanwhile: found at once, then kept.
    expect(await bond(TEST_GSEC_2032.id)).toBe(stored)
    now = 9_999
    expect(await bond(TEST_GSEC_2032.id)).toBe(stored)
    expect(reads).toHaveLength(2)
    // Changed by an import: read again once the interval is over.
    const changed = { ...stored, isListed: false } as FinstrumentRow
    stored = changed
    now = 10_000
    expect(await bond(TEST_GSEC_2032.id)).toBe(changed)
    expect(reads).toHaveLength(3)
  })
})
