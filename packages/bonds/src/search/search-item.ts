// How one search result shows: selectable or not, and the suffix label that says why not. Pure.
import type { FinstrumentSummary } from '@bonds/domain'
import { bondAvailability } from '@bonds/pricing/react'

/** Suffix label of a matured bond (maturity date past). */
export const MATURED_LABEL = 'Matured'
/** Suffix label of an unlisted bond (contract_parameters.is_listed false). */
export const UNLISTED_LABEL = 'Unlisted'
/** Suffix label of a bond disabled by the caller's ISIN check when it gives no label of its own. */
export const DISABLED_LABEL = 'Not available'

/**
 * The caller's ISIN check: true (or a label) disables the bond, and the label (else "Not
 * available") is its suffix.
 */
export type BondDisabledCheck = (isin: string) => boolean | string

/** One search result as the dropdown shows it. */
export interface BondSearchItem {
  bond: FinstrumentSummary
  /** False for matured, unlisted and ISIN-check-disabled bonds: shown, not selectable. */
  selectable: boolean
  /** Why it is not selectable, shown after the name; null when it is. */
  suffix: string | null
}

/**
 * The item of one bond on `today` (YYYY-MM-DD, IST). A bond with a maturity date is matured when
 * that date is past today; one whose date is unknown (an old loan known by its year) is matured
 * when the server says so.
 */
export function bondSearchItem(
  bond: FinstrumentSummary,
  today: string,
  isDisabled?: BondDisabledCheck,
): BondSearchItem {
  const availability = bondAvailability(bond.contract_parameters, today)
  const { unlisted } = availability
  const matured = bond.contract_parameters.maturity_date ? availability.matured : bond.is_matured
  const check = isDisabled?.(bond.identifiers.isin) ?? false
  const suffix = matured
    ? MATURED_LABEL
    : unlisted
      ? UNLISTED_LABEL
      : check === false
        ? null
        : typeof check === 'string' && check.trim() !== ''
          ? check
          : DISABLED_LABEL
  return { bond, selectable: suffix === null, suffix }
}
