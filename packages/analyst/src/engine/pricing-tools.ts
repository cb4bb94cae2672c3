// The pricing tools: yield, clean and dirty price and accrued interest at a settlement date, and a
// bond's cash flows, all through @bonds/pricing on the bond's stored terms.
import {
  cashflows,
  priceFromYield,
  PricingError,
  settlementOnCalendar,
  yieldFromPrice,
  type BondTerms,
  type Convention,
} from '@bonds/pricing'
import { z } from 'zod'
import { answerBonds, deskDate, link, round } from './format.ts'
import { declined, oneBond, type Tool } from './tool.ts'
import type { AnalystBond, Answer } from './types.ts'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

const priceSchema = z
  .object({
    bond: z.string().min(1),
    want: z.enum(['yield', 'clean', 'dirty', 'accrued']),
    settlement_date: z.string().regex(ISO_DATE).optional().describe('ISO date; default T+1'),
    clean_price: z.number().positive().optional().describe('per 100 face value'),
    yield: z.number().optional().describe('percent, e.g. 7.12'),
  })
  .strict()

const flowsSchema = z
  .object({
    bond: z.string().min(1),
    settlement_date: z.string().regex(ISO_DATE).optional(),
    next: z.boolean().optional().describe('only the next flow'),
  })
  .strict()

/** A bond's pricing terms, or why it cannot be priced. */
function termsOf(bond: AnalystBond): BondTerms | string {
  if (bond.isFloatingRate)
    return `${link(bond)} is a floating-rate bond, which the pricing library does not price.`
  if (!bond.canBePriced || !bond.convention || !bond.maturityDate || bond.couponRate === null) {
    return `${link(bond)} cannot be priced: the data does not hold all its terms (coupon frequency, maturity date or coupon).`
  }
  return {
    convention: bond.convention as Convention,
    maturityDate: bond.maturityDate,
    couponRate: bond.couponRate,
    ...(bond.frequency ? { frequency: bond.frequency as 1 | 2 | 4 | 12 } : {}),
    calls: bond.calls,
    puts: bond.puts,
  }
}

const CONVENTION_TEXT: Record<Convention, string> = {
  GSEC: 'G-sec convention: 30E/360, half-yearly compounding',
  TBILL: 'T-bill convention: Actual/365 simple yield',
  CORPORATE: "SEBI's Actual/Actual convention for corporate bonds",
}

/** The bond, its terms and the settlement, or the answer that says why not. */
function prepare(
  args: { bond: string; settlement_date?: string | undefined },
  context: Parameters<typeof oneBond>[1],
): { bond: AnalystBond; terms: BondTerms; settlement: string; defaulted: boolean } | Answer {
  const bond = oneBond(args.bond, context)
  if ('result' in bond) return bond
  const terms = termsOf(bond)
  if (typeof terms === 'string')
    return declined(terms, [`Looked up the bond: ${bond.displayName} (${bond.isin}).`])
  const settlement =
    args.settlement_date ?? settlementOnCalendar(terms.convention, context.today, 1)
  if (settlement >= terms.maturityDate) {
    return declined(
      `${link(bond)} matures on ${deskDate(terms.maturityDate)}, on or before the settlement ${deskDate(settlement)}: there is nothing left to price.`,
    )
  }
  return { bond, terms, settlement, defaulted: args.settlement_date === undefined }
}

function failed(error: unknown, bond: AnalystBond): Answer {
  if (error instanceof PricingError)
    return declined(`The pricing library could not price ${link(bond)}: ${error.message}.`)
  throw error
}

/** price_bond: the yield from a clean price, or the clean/dirty price or accrued from a yield or price. */
export const priceTool = {
  name: 'price_bond',
  description:
    'Yield to maturity from a clean price, or clean price, dirty price or accrued interest at a settlement date, through the pricing library.',
  schema: priceSchema,
  run: (args, context) => {
    const ready = prepare(args, context)
    if ('result' in ready) return ready
    const { bond, terms, settlement, defaulted } = ready
    const given =
      args.clean_price !== undefined ? 'price' : args.yield !== undefined ? 'yield' : null
    if (args.want === 'yield' && given !== 'price')
      return declined(
        `To give the yield of ${link(bond)} I need its clean price ("at 101.10 clean").`,
      )
    if ((args.want === 'clean' || args.want === 'dirty') && given === null) {
      return declined(
        `To give a price of ${link(bond)} I need a yield ("at 7.10%"), or a clean price for the dirty price.`,
      )
    }
    try {
      const y =
        given === 'price'
          ? yieldFromPrice(terms, settlement, args.clean_price!)
          : given === 'yield'
            ? args.yield! / 100
            : null
      const result = priceFromYield(terms, settlement, y ?? Math.max(terms.couponRate, 0.0001))
      const clean = given === 'price' ? args.clean_price! : result.cleanPrice
      const accrued = result.accruedInterest
      const steps = [
        `Looked up the bond: ${bond.displayName} (${bond.isin}), coupon ${round(terms.couponRate * 100, 4)}%, matures ${deskDate(terms.maturityDate)}.`,
        `Settlement ${deskDate(settlement)}${defaulted ? ' (T+1 from today, on the settlement calendar)' : ''}; ${CONVENTION_TEXT[terms.convention]}.`,
        given === 'price'
          ? `Solved the yield at which the clean price is ${clean} (@bonds/pricing yieldFromPrice).`
          : given === 'yield'
            ? `Priced at a yield of ${args.yield}% (@bonds/pricing priceFromYield).`
            : 'Accrued interest from the last coupon date to settlement (@bonds/pricing).',
      ]
      const figure =
        args.want === 'yield'
          ? { value: round(y! * 100, 4), unit: '%' as const, label: 'yield to maturity' }
          : args.want === 'clean'
            ? { value: round(clean, 4), unit: '₹ per 100' as const, label: 'clean price' }
            : args.want === 'dirty'
              ? {
                  value: round(round(clean, 4) + accrued, 4),
                  unit: '₹ per 100' as const,
                  label: 'dirty price',
                }
              : { value: round(accrued, 4), unit: '₹ per 100' as const, label: 'accrued interest' }
      const unitText = figure.unit === '%' ? '%' : ' per ₹100 face value'
      const detail = [
        y !== null ? `yield ${round(y * 100, 4)}%` : '',
        given !== null ? `clean ${round(clean, 4)}` : '',
        `accrued ${round(accrued, 4)}`,
        given !== null ? `dirty ${round(round(clean, 4) + accrued, 4)}` : '',
      ]
        .filter(Boolean)
        .join(', ')
      return {
        result: { kind: 'number', value: figure.value, unit: figure.unit },
        text: `**${figure.value}${unitText}**: the ${figure.label} of ${link(bond)} settling ${deskDate(settlement)}${result.exInterest ? ' (ex-interest)' : ''}.\n\nAt that settlement: ${detail}.`,
        bonds: answerBonds([bond]),
        steps,
      }
    } catch (error) {
      return failed(error, bond)
    }
  },
} satisfies Tool<typeof priceSchema>

/** cash_flows: a bond's dated interest and principal per 100 face value from a settlement date. */
export const cashFlowsTool = {
  name: 'cash_flows',
  description:
    "A bond's cash flows (interest and principal per 100 face value) after a settlement date, or only the next one.",
  schema: flowsSchema,
  run: (args, context) => {
    const ready = prepare(args, context)
    if ('result' in ready) return ready
    const { bond, terms, settlement } = ready
    try {
      const flows = cashflows(terms, settlement)
      const next = flows[0]
      if (!next) return declined(`${link(bond)} has no cash flow after ${deskDate(settlement)}.`)
      const rows = flows.map((f) => [
        f.date,
        round(f.interest, 6),
        round(f.principal, 6),
        round(f.interest + f.principal, 6),
      ])
      return {
        result: { kind: 'date', value: next.date },
        text: `**${deskDate(next.date)}**: the next cash flow of ${link(bond)} after ${deskDate(settlement)}, ₹${round(next.interest + next.principal, 4)} per ₹100 face value.${args.next ? '' : `\n\n${flows.length} flows to maturity (${deskDate(terms.maturityDate)}), in the table.`}`,
        bonds: answerBonds([bond]),
        steps: [
          `Looked up the bond: ${bond.displayName} (${bond.isin}).`,
          `Built its schedule from ${deskDate(settlement)} with @bonds/pricing (${CONVENTION_TEXT[terms.convention]}).`,
        ],
        table: {
          columns: ['Date', 'Interest', 'Principal', 'Total'],
          rows: args.next ? rows.slice(0, 1) : rows,
        },
      }
    } catch (error) {
      return failed(error, bond)
    }
  },
} satisfies Tool<typeof flowsSchema>
