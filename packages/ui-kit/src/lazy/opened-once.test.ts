import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useOpenedOnce } from './opened-once.ts'

describe('useOpenedOnce', () => {
  it('is false until first opened, then stays true after a close', () => {
    const { result, rerender } = renderHook(({ opened }) => useOpenedOnce(opened), {
      initialProps: { opened: false },
    })
    expect(result.current).toBe(false)
    rerender({ opened: false })
    expect(result.current).toBe(false)
    rerender({ opened: true })
    expect(result.current).toBe(true)
    rerender({ opened: false })
    expect(result.current).toBe(true)
  })

  it('is true at once for something open from the start', () => {
    const { result } = renderHook(() => useOpenedOnce(true))
    expect(result.current).toBe(true)
  })
})
