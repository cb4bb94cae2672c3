// The clearing port: reporting an OTC deal to NSE Clearing (NSCCL) or ICCL (BSE), signed in with the
// reporting client's stored exchange credentials. The embedded default is a simulator that checks
// a report the way the clearing corporations do and confirms or rejects it with a reason
// (decision 223). The password is opened inside the adapter only, and never logged or returned.
import { isBusinessDay, type Convention } from '@bonds/pricing'

/** A clearing corporation as the stored credentials name it. */
export type ClearingCorp = 'NSCCL' | 'ICCL'

/** The clearing corporation of an exchange. */
export const CORP_OF_EXCHANGE: Record<'NSE' | 'BSE', ClearingCorp> = { NSE: 'NSCCL', BSE: 'ICCL' }

/** A client's stored credentials for one clearing corporation, the password still sealed. */
export interface SealedCredentials {
  participantCode: string
  username: string
  passwordEncrypted: string
}

/** What a deal report carries. */
export interface ClearingReport {
  corp: ClearingCorp
  /** Our ticket id: the clearing corporation's reference carries it. */
  dealId: number
  /** The client reporting (whose credentials sign the report). */
  reporterClientId: string
  /** The other party's client. */
  counterpartyClientId: string
  /** The reporter's side. */
  side: 'buy' | 'sell'
  isin: string
  /** The bond's settlement calendar. */
  convention: Convention
  /** Rupees of face value. */
  quantum: number
  cleanPrice: number
  /** Fraction, or null for a bond reported at a price only. */
  bondYield: number | null
  tradeDate: string
  tradedAt: Date
  settlementDate: string
  /** Rupees with 2 decimals. */
  consideration: string
  /** The reporter's stored credentials, the password sealed (opened by the adapter only). */
  credentials: SealedCredentials | null
  /** The counterparty's participant code at this clearing corporation, if it has one. */
  counterpartyCode: string | null
}

/** The clearing corporation's answer. */
export type ClearingResult = { ok: true; reference: string } | { ok: false; reason: string }

/** Reports deals to a clearing corporation. */
export interface ClearingPort {
  report(report: ClearingReport): Promise<ClearingResult>
}

/** What the simulator needs: how to open a sealed password. */
export interface SimulatorDeps {
  open: (sealed: string) => string
}

const NAME: Record<ClearingCorp, string> = { NSCCL: 'NSE Clearing', ICCL: 'ICCL' }

/** ISIN: 2 letters, 9 alphanumerics, a check digit (ISO 6166, Luhn over the digits). */
export function validIsin(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(isin)) return false
  const digits = [...isin.slice(0, 11)]
    .map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55)))
    .join('')
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return (10 - (sum % 10)) % 10 === Number(isin[11])
}

/** A participant code as the clearing corporations issue them: 3 to 12 letters and digits. */
const PARTICIPANT_CODE = /^[A-Z0-9]{3,12}$/

/**
 * The embedded clearing corporation: signs the reporter in with its stored credentials, checks
 * the report (participant codes of both sides, ISIN, a settlement date that is a business day on
 * the bond's calendar and not before the trade, a value above zero) and confirms it with a
 * reference, or rejects it with the reason a clearing corporation would give.
 */
export function simulatedClearing(deps: SimulatorDeps): ClearingPort {
  let sequence = 0
  return {
    async report(report) {
      const name = NAME[report.corp]
      const own = report.credentials
      if (!own) {
        return {
          ok: false,
          reason: `No ${name} credentials are stored for your firm: an Ops Admin adds them on the exchange credentials page`,
        }
      }
      let password: string
      try {
        password = deps.open(own.passwordEncrypted)
      } catch {
        return { ok: false, reason: `${name} sign-in failed: store the credentials again` }
      }
      if (!own.username.trim() || !password) {
        return {
          ok: false,
          reason: `${name} sign-in failed: the stored credentials are incomplete`,
        }
      }
      if (!PARTICIPANT_CODE.test(own.participantCode)) {
        return {
          ok: false,
          reason: `${name} rejected the report: your participant code is invalid`,
        }
      }
      const other = report.counterpartyCode
      if (!other || !PARTICIPANT_CODE.test(other)) {
        return {
          ok: false,
          reason: `${name} rejected the report: the counterparty has no ${name} participant code`,
        }
      }
      if (other === own.participantCode) {
        return { ok: false, reason: `${name} rejected the report: both sides have one code` }
      }
      if (!validIsin(report.isin)) {
        return { ok: false, reason: `${name} rejected the report: invalid ISIN ${report.isin}` }
      }
      if (report.settlementDate < report.tradeDate) {
        return { ok: false, reason: `${name} rejected the report: settlement before the trade` }
      }
      if (!isBusinessDay(report.convention, report.settlementDate)) {
        return {
          ok: false,
          reason: `${name} rejected the report: ${report.settlementDate} is not a settlement day`,
        }
      }
      if (!(report.quantum > 0) || !(Number(report.consideration) > 0)) {
        return { ok: false, reason: `${name} rejected the report: the deal has no value` }
      }
      sequence += 1
      const stamp = report.tradeDate.replaceAll('-', '')
      const prefix = report.corp === 'NSCCL' ? 'NCL' : 'ICL'
      return {
        ok: true,
        reference: `${prefix}${stamp}${String(report.dealId).padStart(6, '0')}${String(sequence % 100).padStart(2, '0')}`,
      }
    },
  }
}
