// What only the PDFs write; every number, amount, date and time is formatted by the formatters the
// screens use (`@bonds/pricing`), so a printed page says what the screen said.
import { formatUnits } from '@bonds/pricing'

/** A number of units: "1 unit", "1,00,000 units". */
export function unitsText(units: number): string {
  return `${formatUnits(units)} ${units === 1 ? 'unit' : 'units'}`
}
