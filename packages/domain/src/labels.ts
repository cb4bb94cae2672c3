// Words for a bond's codes, the same on the security page and in the server's PDFs.

const SECURITY_TYPE_LABELS: Readonly<Record<string, string>> = {
  GSEC: 'Government security',
  SDL: 'State development loan',
  TBILL: 'Treasury bill',
  STRIPS: 'STRIPS',
  GSEC_FRB: 'Floating rate G-sec',
  SGB: 'Sovereign gold bond',
  GOVT_OTHER: 'Other government security',
  CORPORATE: 'Corporate bond',
  PSU: 'PSU bond',
  BANK: 'Bank bond',
  TAX_FREE: 'Tax-free bond',
  ZERO_COUPON: 'Zero-coupon bond',
  CORPORATE_FRB: 'Floating rate corporate bond',
}

/** A security type code as people read it (the code itself when it is not known). */
export function securityTypeLabel(code: string): string {
  return SECURITY_TYPE_LABELS[code] ?? code
}

const FREQUENCIES: Readonly<Record<number, string>> = {
  1: 'Annual',
  2: 'Half-yearly',
  4: 'Quarterly',
  12: 'Monthly',
}

/** How often a coupon is paid: "No coupon" at a zero rate, "Not known" without a frequency. */
export function couponFrequencyLabel(
  couponRate: number | null,
  frequency: number | null | undefined,
): string {
  if (couponRate === 0) return 'No coupon'
  if (!frequency) return 'Not known'
  return FREQUENCIES[frequency] ?? `${frequency} a year`
}

const GOVERNMENT_TYPES: ReadonlySet<string> = new Set([
  'GSEC',
  'SDL',
  'TBILL',
  'STRIPS',
  'GSEC_FRB',
  'SGB',
  'GOVT_OTHER',
])

/**
 * What the security page says in place of the memorandum download when none is published
 * (decision 111); for a government security, also why there never is one.
 */
export function noMemorandumText(securityType: string): string {
  return GOVERNMENT_TYPES.has(securityType)
    ? 'No information memorandum is published for this bond: government securities are issued under the RBI’s notifications, not a memorandum.'
    : 'No information memorandum is published for this bond.'
}
