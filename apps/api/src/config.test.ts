import { describe, expect, it } from 'vitest'
import { demoExposureWarning, isLoopback, readConfig } from './config.ts'

describe('readConfig', () => {
  it('defaults to port 3000, ./.data, no demo mode and every interface', () => {
    const config = readConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toMatch(/\.data$/)
    expect(config.demoMode).toBe(false)
    expect(config.production).toBe(false)
    expect(config.host).toBe('0.0.0.0')
  })

  it('runs demo mode only when asked, on loopback unless HOST says otherwise', () => {
    expect(readConfig({ DEMO_MODE: 'true' })).toMatchObject({ demoMode: true, host: 'localhost' })
    expect(readConfig({ DEMO_MODE: 'true', HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(readConfig({ DEMO_MODE: 'false' }).demoMode).toBe(false)
    expect(() => readConfig({ DEMO_MODE: 'yes' })).toThrow('DEMO_MODE must be true or false')
  })

  it('serves /api/docs unless told not to, and in production only when told to', () => {
    expect(readConfig({}).apiDocs).toBe(true)
    expect(readConfig({ API_DOCS: 'false' }).apiDocs).toBe(false)
    expect(readConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false)
    expect(readConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true)
    expect(() => readConfig({ API_DOCS: 'yes' })).toThrow('API_DOCS must be true or false')
  })

  it('never runs demo mode in production', () => {
    expect(readConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toMatchObject({
      demoMode: false,
      host: '0.0.0.0',
    })
  })

  it('rejects a bad port and a bad log level with a clear message', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow('PORT must be a port number, got "abc"')
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/)
  })
})

describe('isLoopback', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopback(host), host).toBe(true)
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '10.0.0.7',
      '::ffff:10.0.0.7',
      '128.0.0.1',
      '',
      undefined,
    ]) {
      expect(isLoopback(host), String(host)).toBe(false)
    }
  })
})

describe('demoExposureWarning', () => {
  it('warns for demo mode on an address other machines reach, only then', () => {
    expect(demoExposureWarning({ demoMode: true, host: '0.0.0.0' })).toMatch(/demo mode on 0.0.0.0/)
    expect(demoExposureWarning({ demoMode: true, host: 'localhost' })).toBeNull()
    expect(demoExposureWarning({ demoMode: false, host: '0.0.0.0' })).toBeNull()
  })
})
