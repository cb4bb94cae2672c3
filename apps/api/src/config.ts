// The only module that reads the environment. Every variable is documented in apps/api/README.md.
import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readChatConfig, type ChatConfig } from './config-chat.ts'
import type { VenueSessionHours } from './modules/venue/index.ts'

/** Log levels pino accepts. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/** The server's configuration, read once from the environment. */
export interface Config {
  /** Port the one server process listens on. */
  port: number
  /** Interface to bind (HOST); loopback in demo mode, every interface otherwise. */
  host: string
  /** Where the embedded database and files live. */
  dataDir: string
  /** PostgreSQL server; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined
  /** Redis for the event bus across instances; when absent the bus is in-process. */
  redisUrl: string | undefined
  /** Secret signing interim socket tokens (TOKEN_SECRET); generated under dataDir when absent. */
  tokenSecret: string | undefined
  /** Folder holding the four built apps (`<webRoot>/<app>/dist`). */
  webRoot: string
  /** pino level. */
  logLevel: LogLevel
  /**
   * Demo mode (DEMO_MODE=true, never in production): demo accounts, market, network and chats,
   * the outbox reader for loopback callers and the socket test tokens. Off unless asked for.
   */
  demoMode: boolean
  /**
   * The live demo market in demo mode (decision 295): the demo dealer and broker trade in the
   * market's hours. On with demo mode unless DEMO_DESK=false (the journeys' server turns it off).
   */
  demoDesk: boolean
  /** NODE_ENV === 'production'. */
  production: boolean
  /** The address users reach the product at, for links in e-mails (PUBLIC_URL). */
  publicUrl: string
  /** SMTP server for the outbox (SMTP_URL); absent: messages are stored and logged only. */
  smtpUrl: string | undefined
  /** Sender of outbox e-mails (MAIL_FROM). */
  mailFrom: string
  /**
   * SMS gateway (SMS_GATEWAY_URL and SMS_GATEWAY_KEY, both or neither); absent: codes by SMS are
   * refused outside demo mode, never silently dropped.
   */
  smsGateway: { url: string; key: string } | undefined
  /**
   * External helpdesk support tickets are also handed to (HELPDESK_URL and HELPDESK_TOKEN, both
   * or neither); absent: tickets are stored in the database only (decision 227).
   */
  helpdesk: { url: string; token: string } | undefined
  /**
   * The analyst's OpenAI-compatible chat-completions endpoint (ANALYST_BASE_URL, ANALYST_API_KEY,
   * ANALYST_MODEL, all three or none); absent: mind's built-in planner (decision 245).
   */
  analyst: { baseUrl: string; apiKey: string; model: string } | undefined
  /** The chat's outside services: Sendbird, WhatsApp Business, S3-compatible files (decision 275). */
  chat: ChatConfig
  /** Key encrypting exchange credentials at rest (CREDENTIALS_KEY); generated when absent. */
  credentialsKey: string | undefined
  /** Auth requests a minute per IP (AUTH_RATE_LIMIT, default 20). */
  authRateLimit: number
  /**
   * The proxies in front of the server (TRUST_PROXY: addresses or CIDR ranges, comma-separated):
   * the client's address is then the first hop they did not add, so users behind one load
   * balancer are counted apart. Unset: the socket's address.
   */
  trustProxy: string[]
  /** Trade sockets one address may hold (SOCKETS_PER_ADDRESS, default 200: an office behind NAT). */
  socketsPerAddress: number
  /** Write requests a minute per user or IP (WRITE_RATE_LIMIT, default 300). */
  writeRateLimit: number
  /**
   * `/api/docs` (the OpenAPI UI and document): on unless API_DOCS=false; in production off unless
   * API_DOCS=true (the document maps every operation for whoever reads it).
   */
  apiDocs: boolean
  /**
   * The venue simulator's session (VENUE_SESSION, "HH:MM-HH:MM" IST, then "daily" for every day;
   * decision 359): for demo mode and tests, refused in production; absent: the exchanges' own
   * (09:00–17:00 IST on business days).
   */
  venueSession: VenueSessionHours | undefined
}

const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/**
 * A session as `VENUE_SESSION` names it: "HH:MM-HH:MM" IST, then "daily" for every day (business
 * days otherwise), e.g. "00:00-24:00 daily"; null when it names none.
 */
export function parseVenueSession(text: string): VenueSessionHours | null {
  const match = /^\s*(\d{2}:\d{2})\s*[-–]\s*(\d{2}:\d{2})\s*(daily)?\s*$/i.exec(text)
  if (!match) return null
  const [, open, close, daily] = match as unknown as [string, string, string, string | undefined]
  const valid = (hhmm: string, most: number) =>
    Number(hhmm.slice(3)) < 60 && minutesOfDay(hhmm) <= most
  if (
    !valid(open, 23 * 60 + 59) ||
    !valid(close, 24 * 60) ||
    minutesOfDay(close) <= minutesOfDay(open)
  ) {
    return null
  }
  return { open, close, days: daily ? 'every' : 'business' }
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]

/** Where demo mode listens unless HOST says otherwise: this machine only (IPv4 and IPv6). */
export const LOOPBACK_HOST = 'localhost'

/** True for a host or address that only this machine reaches (localhost, 127.0.0.0/8, ::1). */
export function isLoopback(host: string | undefined): boolean {
  if (!host) return false
  const address = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:/, '')
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address)
}

/** The warning a demo-mode server on a non-loopback address logs at start, else null. */
export function demoExposureWarning(config: Pick<Config, 'demoMode' | 'host'>): string | null {
  if (!config.demoMode || isLoopback(config.host)) return null
  return (
    `demo mode on ${config.host}: the demo accounts (one shared password) are reachable from ` +
    'other machines; unset DEMO_MODE or HOST for anything but a demo'
  )
}

/** Folder of apps/api, from src/ (tests, tsx) or from the bundled dist/. */
const apiRoot = fileURLToPath(new URL('..', import.meta.url))

/** Read and check the configuration; throws with a clear message on a bad value. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production'
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  }
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`)
  }
  const dataDir = env.DATA_DIR ?? './.data'
  const wholeNumber = (name: string, fallback: number, of: string) => {
    const value = Number(env[name] ?? fallback)
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`${name} must be a whole number of ${of}, got "${env[name]}"`)
    }
    return value
  }
  const perMinute = (name: string, fallback: number) =>
    wholeNumber(name, fallback, 'requests a minute')
  const webRoot = env.WEB_ROOT ?? resolve(apiRoot, '..')
  if (env.DEMO_MODE && env.DEMO_MODE !== 'true' && env.DEMO_MODE !== 'false') {
    throw new Error(`DEMO_MODE must be true or false, got "${env.DEMO_MODE}"`)
  }
  const demoMode = !production && env.DEMO_MODE === 'true'
  if (env.DEMO_DESK && env.DEMO_DESK !== 'true' && env.DEMO_DESK !== 'false') {
    throw new Error(`DEMO_DESK must be true or false, got "${env.DEMO_DESK}"`)
  }
  if (env.API_DOCS && env.API_DOCS !== 'true' && env.API_DOCS !== 'false') {
    throw new Error(`API_DOCS must be true or false, got "${env.API_DOCS}"`)
  }
  const apiDocs = production ? env.API_DOCS === 'true' : env.API_DOCS !== 'false'
  const trustProxy = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  for (const proxy of trustProxy) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(proxy)) {
      throw new Error(`TRUST_PROXY lists addresses or CIDR ranges, got "${proxy}"`)
    }
  }
  const venueSession = env.VENUE_SESSION ? parseVenueSession(env.VENUE_SESSION) : undefined
  if (venueSession === null) {
    throw new Error(
      `VENUE_SESSION must be "HH:MM-HH:MM" IST, then "daily" for every day, got "${env.VENUE_SESSION}"`,
    )
  }
  if (venueSession && production) {
    throw new Error(
      'VENUE_SESSION is for demo mode and tests: production keeps the exchanges’ hours',
    )
  }
  const smsUrl = env.SMS_GATEWAY_URL || undefined
  const smsKey = env.SMS_GATEWAY_KEY || undefined
  if ((smsUrl === undefined) !== (smsKey === undefined)) {
    throw new Error('SMS_GATEWAY_URL and SMS_GATEWAY_KEY go together: set both or neither')
  }
  if (smsUrl && !/^https?:\/\//.test(smsUrl)) {
    throw new Error(`SMS_GATEWAY_URL must be an http(s) URL, got "${smsUrl}"`)
  }
  const helpdeskUrl = env.HELPDESK_URL || undefined
  const helpdeskToken = env.HELPDESK_TOKEN || undefined
  if ((helpdeskUrl === undefined) !== (helpdeskToken === undefined)) {
    throw new Error('HELPDESK_URL and HELPDESK_TOKEN go together: set both or neither')
  }
  if (helpdeskUrl && !/^https?:\/\//.test(helpdeskUrl)) {
    throw new Error(`HELPDESK_URL must be an http(s) URL, got "${helpdeskUrl}"`)
  }
  const analystEnv = [env.ANALYST_BASE_URL, env.ANALYST_API_KEY, env.ANALYST_MODEL].map(
    (v) => v || undefined,
  )
  const analystSet = analystEnv.filter((v) => v !== undefined).length
  if (analystSet !== 0 && analystSet !== 3) {
    throw new Error(
      'ANALYST_BASE_URL, ANALYST_API_KEY and ANALYST_MODEL go together: set all or none',
    )
  }
  if (analystEnv[0] && !/^https?:\/\//.test(analystEnv[0])) {
    throw new Error(`ANALYST_BASE_URL must be an http(s) URL, got "${analystEnv[0]}"`)
  }
  return {
    port,
    host: env.HOST || (demoMode ? LOOPBACK_HOST : '0.0.0.0'),
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(process.cwd(), dataDir),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    webRoot: isAbsolute(webRoot) ? webRoot : resolve(process.cwd(), webRoot),
    logLevel,
    demoMode,
    demoDesk: demoMode && env.DEMO_DESK !== 'false',
    production,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Bonds <no-reply@localhost>',
    smsGateway: smsUrl && smsKey ? { url: smsUrl, key: smsKey } : undefined,
    helpdesk: helpdeskUrl && helpdeskToken ? { url: helpdeskUrl, token: helpdeskToken } : undefined,
    analyst:
      analystSet === 3
        ? { baseUrl: analystEnv[0]!, apiKey: analystEnv[1]!, model: analystEnv[2]! }
        : undefined,
    chat: readChatConfig(env),
    credentialsKey: env.CREDENTIALS_KEY || undefined,
    authRateLimit: perMinute('AUTH_RATE_LIMIT', 20),
    writeRateLimit: perMinute('WRITE_RATE_LIMIT', 300),
    trustProxy,
    socketsPerAddress: wholeNumber('SOCKETS_PER_ADDRESS', 200, 'sockets'),
    apiDocs,
    venueSession,
  }
}
