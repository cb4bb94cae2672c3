// What only the PDFs write.
import { describe, expect, it } from 'vitest'
import { unitsText } from './format.ts'

describe('PDF texts', () => {
  it('counts units with Indian grouping', () => {
    expect(unitsText(1)).toBe('1 unit')
    expect(unitsText(100000)).toBe('1,00,000 units')
  })
})
