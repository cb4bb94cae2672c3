// Decimal rounding half away from zero, on the decimal form of a number (bond-math.md §1).

/** Plain decimal digits of a finite number (no exponent), from its shortest round-trip form. */
function plainDigits(value: number): string {
  const text = String(Math.abs(value))
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!match) return text
  const [, int = '', frac = '', exp = '0'] = match
  const digits = int + frac
  const point = int.length + Number(exp)
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length)
  return `${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * Round to a fixed number of decimals, half away from zero, on the decimal form of the number
 * (so 1.005 → "1.01", where `toFixed` gives "1.00").
 */
export function roundDecimal(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot round ${value}`)
  const [int = '0', frac = ''] = plainDigits(value).split('.')
  const padded = (frac + '0'.repeat(decimals + 1)).slice(0, decimals + 1)
  let digits = (int + padded.slice(0, decimals)).split('').map(Number)
  if (Number(padded[decimals]) >= 5) {
    let i = digits.length - 1
    while (i >= 0) {
      const next = (digits[i] ?? 0) + 1
      if (next < 10) {
        digits[i] = next
        break
      }
      digits[i] = 0
      i -= 1
    }
    if (i < 0) digits = [1, ...digits]
  }
  const all = digits.join('')
  const intPart = all.slice(0, all.length - decimals).replace(/^0+(?=\d)/, '') || '0'
  const fracPart = all.slice(all.length - decimals)
  const negative = value < 0 && /[1-9]/.test(all)
  return `${negative ? '-' : ''}${intPart}${decimals > 0 ? `.${fracPart}` : ''}`
}

/** Round to a number of decimals, half away from zero (1.005 → 1.01), as a number. */
export function roundTo(value: number, decimals: number): number {
  return Number(roundDecimal(value, decimals))
}
