// The analyst's tools: typed functions with zod schemas over the universe. Both planners call
// these and only these; every figure of an answer comes from here (and @bonds/pricing).
import { z } from 'zod'
import { applyScreen, describeScreen, isMatured, screenSchema } from './screen.ts'
import {
  answerBonds,
  BOND_COLUMNS,
  bondList,
  bondRows,
  couponText,
  deskDate,
  link,
  LIST_LIMIT,
  round,
} from './format.ts'
import { cashFlowsTool, priceTool } from './pricing-tools.ts'
import { declined, oneBond, type Tool, type ToolContext } from './tool.ts'
import type { AnalystBond, Answer } from './types.ts'

export { declined, oneBond } from './tool.ts'
export type { Tool, ToolContext } from './tool.ts'

const findSchema = z
  .object({
    query: z.string().min(1).describe('an ISIN, a shorthand ("6.54 GS 2032") or an issuer'),
  })
  .strict()
const factSchema = z
  .object({
    bond: z.string().min(1),
    fact: z.enum(['isin', 'maturity', 'coupon', 'rating', 'issuer']),
  })
  .strict()
const listSchema = z
  .object({
    screen: screenSchema,
    sort: z.enum(['coupon', 'maturity']).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .strict()
const extremeSchema = z
  .object({
    screen: screenSchema,
    by: z.enum(['coupon', 'maturity']),
    order: z.enum(['highest', 'lowest']),
  })
  .strict()
const bondSchema = z.object({ bond: z.string().min(1) }).strict()
const compareSchema = z.object({ bonds: z.array(z.string().min(1)).min(2).max(6) }).strict()
const declineSchema = z.object({ reason: z.string().min(1) }).strict()

function sortBy(
  bonds: AnalystBond[],
  by: 'coupon' | 'maturity',
  order: 'asc' | 'desc',
  keepUnknown = false,
): AnalystBond[] {
  const key = (b: AnalystBond) =>
    by === 'coupon' ? (b.couponRate ?? NaN) : b.maturityDate ? Date.parse(b.maturityDate) : NaN
  const sign = order === 'asc' ? 1 : -1
  const known = bonds
    .filter((b) => !Number.isNaN(key(b)))
    .sort((a, b) => sign * (key(a) - key(b)) || (a.isin < b.isin ? -1 : 1))
  return keepUnknown ? [...known, ...bonds.filter((b) => Number.isNaN(key(b)))] : known
}

/** The analyst's tools by name. */
export const TOOLS = {
  find_bonds: {
    name: 'find_bonds',
    description: 'Find bonds by ISIN, desk shorthand ("6.54 GS 2032", "maha sdl 2035") or issuer.',
    schema: findSchema,
    run: ({ query }, context) => {
      const found = oneBond(query, context)
      if ('result' in found) return found
      return {
        result: { kind: 'bond', value: found.isin },
        text: `**${link(found)}**: ${couponText(found)} coupon, matures ${deskDate(found.maturityDate)}, issued by ${found.issuer}${found.rating ? `, rated ${found.rating}` : ''}.`,
        bonds: answerBonds([found]),
        steps: [`Looked up "${query}" in the bond database: one bond matched.`],
      }
    },
  } satisfies Tool<typeof findSchema>,
  bond_fact: {
    name: 'bond_fact',
    description: 'One fact of one bond: its ISIN, maturity date, coupon, rating or issuer.',
    schema: factSchema,
    run: ({ bond, fact }, context) => {
      const found = oneBond(bond, context)
      if ('result' in found) return found
      const steps = [`Looked up the bond: ${found.displayName} (${found.isin}).`]
      const base = { bonds: answerBonds([found]), steps }
      if (fact === 'maturity') {
        if (!found.maturityDate)
          return declined(`The data does not hold the maturity date of ${link(found)}.`, steps)
        return {
          ...base,
          result: { kind: 'date', value: found.maturityDate },
          text: `**${deskDate(found.maturityDate)}**: ${link(found)} matures then.`,
        }
      }
      if (fact === 'coupon') {
        if (found.couponRate === null)
          return declined(
            `The data does not hold the coupon of ${link(found)}${found.isFloatingRate ? ' (it floats)' : ''}.`,
            steps,
          )
        return {
          ...base,
          result: { kind: 'number', value: round(found.couponRate * 100, 4), unit: '%' },
          text: `**${couponText(found)}**: the coupon of ${link(found)}${found.frequency ? `, paid ${found.frequency} times a year` : ''}.`,
        }
      }
      const value = fact === 'rating' ? found.rating : fact === 'issuer' ? found.issuer : found.isin
      return {
        ...base,
        result: { kind: 'bond', value: found.isin },
        text: `**${value ?? 'not rated in the data'}**: the ${fact === 'isin' ? 'ISIN' : fact} of ${link(found)}.`,
      }
    },
  } satisfies Tool<typeof factSchema>,
  screen_bonds: {
    name: 'screen_bonds',
    description:
      'List the bonds a screen keeps (type, state, issuer, kind, rating, agency, coupon, maturity, status), optionally sorted.',
    schema: listSchema,
    run: ({ screen, sort, order }, context) => {
      let found = applyScreen(context.bonds, screen, context.today)
      if (sort) found = sortBy(found, sort, order ?? 'asc', true)
      const shown = found.slice(0, LIST_LIMIT)
      const steps = [
        `Screened the ${context.bonds.length} bonds of the database: ${describeScreen(screen)}.`,
        `${found.length} bonds kept.`,
      ]
      if (!found.length)
        return {
          result: { kind: 'bonds', value: [] },
          text: `**No bond** in the data is ${describeScreen(screen)}.`,
          bonds: [],
          steps,
        }
      return {
        result: { kind: 'bonds', value: shown.map((b) => b.isin) },
        text: `**${found.length} bond${found.length === 1 ? '' : 's'}**: ${describeScreen(screen)}.\n\n${bondList(found)}`,
        bonds: answerBonds(shown),
        steps,
        table: { columns: BOND_COLUMNS, rows: bondRows(shown) },
      }
    },
  } satisfies Tool<typeof listSchema>,
  count_bonds: {
    name: 'count_bonds',
    description: 'Count the bonds a screen keeps, with the list behind the count.',
    schema: z.object({ screen: screenSchema }).strict(),
    run: ({ screen }, context) => {
      const found = sortBy(
        applyScreen(context.bonds, screen, context.today),
        'maturity',
        'asc',
        true,
      )
      const shown = found.slice(0, LIST_LIMIT)
      return {
        result: { kind: 'count', value: found.length },
        text: `**${found.length}** bond${found.length === 1 ? '' : 's'}: ${describeScreen(screen)} (as of ${deskDate(context.today)}).${found.length ? `\n\n${bondList(found)}` : ''}`,
        bonds: answerBonds(shown),
        steps: [
          `Screened the ${context.bonds.length} bonds of the database: ${describeScreen(screen)}.`,
          `Counted ${found.length}.`,
        ],
        table: { columns: BOND_COLUMNS, rows: bondRows(shown) },
      }
    },
  } satisfies Tool<z.ZodObject<{ screen: typeof screenSchema }>>,
  extreme: {
    name: 'extreme',
    description:
      'The bond with the highest or lowest coupon, or the latest or earliest maturity, among a screen.',
    schema: extremeSchema,
    run: ({ screen, by, order }, context) => {
      const sorted = sortBy(
        applyScreen(context.bonds, screen, context.today),
        by,
        order === 'highest' ? 'desc' : 'asc',
      )
      const steps = [
        `Screened: ${describeScreen(screen)}; ${sorted.length} bonds with a known ${by}.`,
        `Sorted by ${by}, ${order} first.`,
      ]
      const top = sorted[0]
      if (!top)
        return declined(
          `No bond in the data is ${describeScreen(screen)} with a known ${by}.`,
          steps,
        )
      const ties = sorted.filter((b) =>
        by === 'coupon' ? b.couponRate === top.couponRate : b.maturityDate === top.maturityDate,
      )
      const figure = by === 'coupon' ? couponText(top) : deskDate(top.maturityDate)
      const label =
        by === 'coupon'
          ? `${order} coupon`
          : order === 'highest'
            ? 'latest maturity'
            : 'earliest maturity'
      return {
        result: { kind: 'bond', value: top.isin },
        text: `**${link(top)}**: the ${label} (${figure}) among ${sorted.length} bonds, ${describeScreen(screen)}.${ties.length > 1 ? `\n\n${ties.length} bonds share it:\n\n${bondList(ties)}` : ''}`,
        bonds: answerBonds(ties.slice(0, LIST_LIMIT)),
        steps,
      }
    },
  } satisfies Tool<typeof extremeSchema>,
  same_issuer: {
    name: 'same_issuer',
    description: "The other active bonds of a bond's issuer.",
    schema: bondSchema,
    run: ({ bond }, context) => {
      const found = oneBond(bond, context)
      if ('result' in found) return found
      const others = context.bonds.filter(
        (b) => b.issuer === found.issuer && b.id !== found.id && !isMatured(b, context.today),
      )
      const shown = sortBy(others, 'maturity', 'asc', true).slice(0, LIST_LIMIT)
      return {
        result: { kind: 'bonds', value: shown.map((b) => b.isin) },
        text: `**${others.length}** other active bond${others.length === 1 ? '' : 's'} of ${found.issuer}, beside ${link(found)}.${shown.length ? `\n\n${bondList(shown)}` : ''}`,
        bonds: answerBonds([found, ...shown]),
        steps: [
          `Looked up the bond: ${found.displayName}.`,
          `Listed the issuer's active bonds: ${found.issuer}.`,
        ],
        table: { columns: BOND_COLUMNS, rows: bondRows(shown) },
      }
    },
  } satisfies Tool<typeof bondSchema>,
  compare_bonds: {
    name: 'compare_bonds',
    description: 'Compare bonds side by side: coupon, maturity, rating, last disclosed yield.',
    schema: compareSchema,
    run: ({ bonds }, context) => {
      const found: AnalystBond[] = []
      for (const text of bonds) {
        const one = oneBond(text, context)
        if ('result' in one) return one
        found.push(one)
      }
      const longest = sortBy([...found], 'maturity', 'desc')[0]
      return {
        result: { kind: 'bonds', value: found.map((b) => b.isin) },
        text: `**${found.length} bonds compared**${longest ? `; the longest is ${link(longest)}, maturing ${deskDate(longest.maturityDate)}` : ''}.\n\n${found.map((b) => `- ${link(b)}: coupon ${couponText(b)}, matures ${deskDate(b.maturityDate)}, ${b.rating ?? 'not rated'}${b.indicativeYield !== null ? `, last disclosed yield ${round(b.indicativeYield * 100, 4)}% (${deskDate(b.indicativeYieldAsOf)})` : ''}`).join('\n')}`,
        bonds: answerBonds(found),
        steps: found.map((b) => `Looked up ${b.displayName} (${b.isin}).`),
        table: {
          columns: [...BOND_COLUMNS, 'Disclosed yield (%)'],
          rows: bondRows(found).map((row, i) => [
            ...row,
            found[i]!.indicativeYield === null ? null : round(found[i]!.indicativeYield! * 100, 4),
          ]),
        },
      }
    },
  } satisfies Tool<typeof compareSchema>,
  price_bond: priceTool,
  cash_flows: cashFlowsTool,
  yield_curve: {
    name: 'yield_curve',
    description:
      "A curve of the last disclosed yields of a screen's bonds against years to maturity.",
    schema: z.object({ screen: screenSchema }).strict(),
    run: ({ screen }, context) => {
      const kept = applyScreen(context.bonds, screen, context.today)
      const withYield = sortBy(
        kept.filter((b) => b.indicativeYield !== null),
        'maturity',
        'asc',
      )
      const steps = [
        `Screened: ${describeScreen(screen)}; ${kept.length} bonds, ${withYield.length} with a disclosed yield and a maturity date.`,
      ]
      if (!withYield.length)
        return declined(
          `The data holds no disclosed yields for bonds that are ${describeScreen(screen)} (government securities carry none), so it cannot draw that curve.`,
          steps,
        )
      const years = (b: AnalystBond) =>
        round((Date.parse(b.maturityDate!) - Date.parse(context.today)) / (365.25 * 86_400_000), 2)
      const shown = withYield.slice(0, 200)
      return {
        result: { kind: 'bonds', value: shown.map((b) => b.isin) },
        text: `**${withYield.length} points**: the last disclosed yields (mutual funds' valuations) of bonds ${describeScreen(screen)}, by years to maturity.`,
        bonds: answerBonds(shown.slice(0, LIST_LIMIT)),
        steps,
        chart: {
          title: `Disclosed yields: ${describeScreen(screen)}`,
          yLabel: 'Yield (%)',
          points: shown.map((b) => ({
            x: years(b),
            y: round(b.indicativeYield! * 100, 4),
            id: b.id,
            name: b.displayName,
          })),
        },
        table: {
          columns: ['Bond', 'ISIN', 'Years to maturity', 'Yield (%)', 'As of'],
          rows: shown.map((b) => [
            b.displayName,
            b.isin,
            years(b),
            round(b.indicativeYield! * 100, 4),
            b.indicativeYieldAsOf,
          ]),
        },
      }
    },
  } satisfies Tool<z.ZodObject<{ screen: typeof screenSchema }>>,
  decline: {
    name: 'decline',
    description:
      'Decline a question the data cannot answer (forecasts, equities, advice), saying why.',
    schema: declineSchema,
    run: ({ reason }) => declined(reason),
  } satisfies Tool<typeof declineSchema>,
}

/** A tool's name. */
export type ToolName = keyof typeof TOOLS

/** Run a tool by name on arguments checked against its schema (a model's call, say). */
export function runTool(name: string, args: unknown, context: ToolContext): Answer {
  const tool = (TOOLS as Record<string, Tool>)[name]
  if (!tool) return declined(`There is no tool "${name}".`)
  const parsed = tool.schema.safeParse(args)
  if (!parsed.success)
    return declined(
      `The call of ${name} was not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}.`,
    )
  return tool.run(parsed.data, context)
}
