import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'

describe('readConfig', () => {
  it('defaults to port 3000, ./.data and demo mode', () => {
    const config = readConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toMatch(/\.data$/)
    expect(config.demoMode).toBe(true)
    expect(config.production).toBe(false)
  })

  it('never runs demo mode in production', () => {
    expect(readConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(false)
  })

  it('rejects a bad port and a bad log level with a clear message', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow('PORT must be a port number, got "abc"')
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/)
  })
})
