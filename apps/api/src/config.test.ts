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

  it('keeps the exchanges’ venue session unless VENUE_SESSION names one, never in production', () => {
    expect(readConfig({}).venueSession).toBeUndefined()
    expect(readConfig({ VENUE_SESSION: '00:00-24:00 daily' }).venueSession).toEqual({
      open: '00:00',
      close: '24:00',
      days: 'every',
    })
    expect(readConfig({ VENUE_SESSION: '10:00–12:30' }).venueSession).toEqual({
      open: '10:00',
      close: '12:30',
      days: 'business',
    })
    for (const bad of [
      '9-17',
      '9:00-17:00',
      '17:00-09:00',
      '10:00-10:00',
      '00:00-24:01',
      '08:60-17:00',
      '25:00-26:00',
      '09:00-17:00 weekly',
      'always',
    ]) {
      expect(() => readConfig({ VENUE_SESSION: bad })).toThrow('VENUE_SESSION must be')
    }
    expect(() =>
      readConfig({ NODE_ENV: 'production', VENUE_SESSION: '00:00-24:00 daily' }),
    ).toThrow('production keeps the exchanges’ hours')
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
