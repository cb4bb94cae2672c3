import { describe, expect, it } from 'vitest'
import { hashPassword, PASSWORD_WORK_BUSY, verifyPassword, workLimiter } from './crypto.ts'
import { HttpError } from './http/errors.ts'

describe('workLimiter', () => {
  it('runs at most its slots at once and the rest in turn, in order', async () => {
    const limiter = workLimiter(2, 10)
    let now = 0
    let most = 0
    const order: number[] = []
    const task = (n: number) => async () => {
      now += 1
      most = Math.max(most, now)
      await new Promise((r) => setTimeout(r, 5))
      now -= 1
      order.push(n)
      return n
    }
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => limiter.run(task(n))))
    expect(results).toEqual([1, 2, 3, 4, 5, 6])
    expect(most).toBe(2)
    expect(order.slice(2)).toEqual([3, 4, 5, 6])
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once with a 503 and Retry-After when the queue is full, and frees slots on failure', async () => {
    const limiter = workLimiter(1, 1)
    let release = () => {}
    const first = limiter.run(() => new Promise<void>((r) => (release = r)))
    const second = limiter.run(async () => 'second')
    const refused = await limiter.run(async () => 'third').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({
      statusCode: 503,
      message: PASSWORD_WORK_BUSY,
      headers: { 'retry-after': '1' },
    })
    release()
    await first
    expect(await second).toBe('second')
    // A task that throws gives its slot back.
    await expect(limiter.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await limiter.run(async () => 'after')).toBe('after')
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 })
  })
})

describe('passwords', () => {
  it('verifies a password against its hash, refuses another, and says no without a hash', async () => {
    const stored = await hashPassword('Demo@12345')
    expect(await verifyPassword(stored, 'Demo@12345')).toBe(true)
    expect(await verifyPassword(stored, 'Demo@12346')).toBe(false)
    expect(await verifyPassword(null, 'Demo@12345')).toBe(false)
  })
})
