// Spec §4: a bond is matured when its maturity date is past and unlisted when is_listed is false;
// both are shown but cannot be selected.
import type { ContractParameters } from '@bonds/domain'
import { todayInIndia } from '../settlement.ts'

/** Whether a bond can be selected for pricing, and why not. */
export interface BondAvailability {
  /** The maturity date is past. */
  matured: boolean
  /** The bond is not listed on an exchange. */
  unlisted: boolean
  /** Neither matured nor unlisted. */
  selectable: boolean
}

/** Matured, unlisted and selectable for a bond's contract parameters; `today` is YYYY-MM-DD (IST). */
export function bondAvailability(
  parameters: ContractParameters,
  today: string = todayInIndia(),
): BondAvailability {
  const maturity = parameters.maturity_date?.slice(0, 10) ?? null
  const matured = maturity !== null && maturity < today
  const unlisted = !parameters.is_listed
  return { matured, unlisted, selectable: !matured && !unlisted }
}
