// The built-in planner: reads the question (typos and Hinglish shorthand included), resolves its
// bonds and intent, and calls one tool. Offline and deterministic: the same question and data give
// the same answer.
import { namesBond, readReference } from './resolve.ts'
import type { Screen } from './screen.ts'
import { declined, runTool, type ToolContext } from './tools.ts'
import type { Answer } from './types.ts'
import { normalize, stateIn, takeDate } from './words.ts'

/** A tool call: what a planner decides. */
export interface ToolCall {
  tool: string
  args: Record<string, unknown>
}

/** A planner: question in, answer out, through the tools only. */
export interface Planner {
  readonly name: string
  answer(question: string, context: ToolContext): Promise<Answer>
}

const FORECAST =
  /\b(forecast|predict|prediction|outlook|going to|expected|expect|hoga|hogi|jayega|jayegi)\b/
const MARKET_WORDS = /\b(yields?|rates?|prices?|repo|inflation|spreads?|curve|market)\b/
const EQUITY =
  /\b(shares?|stocks?|equit(?:y|ies)|nifty|sensex|ipo|dividends?|market cap|mutual fund nav)\b/
const ADVICE =
  /\b(should (?:i|we)|recommend|recommendation|advice|advise|worth buying|good (?:buy|investment)|(?:best|which) (?:bond )?to buy|buy or sell|kharid\w*|invest in)\b/
const ELSEWHERE = /\b(bitcoin|crypto|forex|dollar|exchange rate|weather|gold price)\b/

/** Why the data cannot answer a question, or null when it may. */
function outOfScope(text: string): string | null {
  const future =
    FORECAST.test(text) ||
    (/\bwill\b/.test(text) && !/\b(mature|matures|pay|pays|redeem)\b/.test(text)) ||
    /\bnext (week|month|quarter|year|jan\w*|feb\w*|march|april|may|june|july|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b/.test(
      text,
    )
  if (future && MARKET_WORDS.test(text)) {
    return 'I cannot answer that: it asks for a forecast, and I answer only from the bond data the product holds (its terms and the bond maths), which says nothing about where yields or prices will be.'
  }
  if (EQUITY.test(text))
    return "I cannot answer that: the data holds India's bonds only, no equities or funds."
  if (ADVICE.test(text))
    return 'I cannot advise on what to buy or sell; I can list, compare and price bonds from the data so you can decide.'
  if (ELSEWHERE.test(text)) return "I cannot answer that: the data holds India's bonds only."
  return null
}

/** The clean price or yield a question gives ("at 101.10 clean", "@ 7.1%", "price 99.5"), and the text without it. */
function takeLevel(text: string): { price?: number; yield?: number; rest: string } {
  const at =
    /(?:\bat\s+|@\s*)(?:a\s+)?(?:clean\s+(?:price\s+)?(?:of\s+)?|price\s+(?:of\s+)?|yield\s+(?:of\s+)?)?(\d{1,3}(?:\.\d+)?)\s*(%|clean|price|yield|ytm)?(?:\s+(clean|price|yield))?/.exec(
      text,
    )
  const priced = /\b(?:clean\s+price|price)\s+(?:of\s+|is\s+)?(\d{2,3}\.\d+)/.exec(text)
  const match = at ?? priced
  if (!match) return { rest: text }
  const value = Number(match[1])
  const words = `${match[0]}`
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`
  if (/%|yield|ytm/.test(words) && !/clean|price/.test(words)) return { yield: value, rest }
  if (/clean|price/.test(words) || value >= 30) return { price: value, rest }
  return { yield: value, rest }
}

function yearStart(year: number): string {
  return `${year}-01-01`
}
function yearEnd(year: number): string {
  return `${year}-12-31`
}

/** The screen a question describes. */
export function readScreen(text: string, context: ToolContext): Screen {
  const screen: Screen = {}
  if (/\bmatured\b/.test(text)) screen.status = 'matured'
  else if (/\b(ever|including matured|all time)\b/.test(text)) screen.status = 'any'
  const types: Screen['types'] = []
  if (/\bgsec\b/.test(text)) types.push('GSEC')
  if (/\bsdl\b/.test(text)) types.push('SDL')
  if (/\btbill\b/.test(text)) types.push('TBILL')
  if (/\bstrips\b/.test(text)) types.push('STRIPS')
  if (/\bsgb\b|\bgold bonds?\b/.test(text)) types.push('SGB')
  // Floating-rate G-secs are their own type in the data.
  if (/\bfloating\b/.test(text) && types.includes('GSEC'))
    types.splice(types.indexOf('GSEC'), 1, 'GSEC_FRB')
  if (types.length) screen.types = types
  const state = stateIn(text)
  if (state) screen.state = state
  if (/\b(corporates?|ncds?|debentures?)\b/.test(text)) screen.corporate = true
  if (/\bpsus?\b/.test(text)) screen.issuerKind = 'PSU'
  else if (/\bnbfcs?\b/.test(text)) screen.issuerKind = 'NBFC'
  if (/\btaxfree\b/.test(text)) screen.taxFree = true
  if (/\btier2\b/.test(text)) screen.tier2 = true
  if (/\bat1\b/.test(text)) screen.at1 = true
  if (/\bfloating\b/.test(text)) screen.floating = true
  // A grade; a bare "a" only after an agency or "rated" (else it is the article).
  const rating =
    /(?:^|\s)(aaa|aa[+-]?|a[+-]|bbb[+-]?|sov)(?=\s|$|\(| rated)/.exec(text) ??
    /\b(?:rated|crisil|icra|care|ind|fitch|acuite|bwr)\s+(a)(?=\s|$)/.exec(text)
  if (rating) screen.rating = rating[1]!.toUpperCase()
  const agency = /\b(crisil|icra|care|india ratings|ind|fitch|acuite|brickwork|bwr)\b/.exec(text)
  if (agency) {
    const name = agency[1]!
    screen.agency =
      name === 'india ratings'
        ? 'IND'
        : name === 'brickwork'
          ? 'BWR'
          : (name.toUpperCase() as Screen['agency'])
  }
  if (!state && !types.length) {
    const issuers = context.issuers.named(text)
    if (issuers.length) screen.issuer = context.issuers.sharedWords(text, issuers)
  }
  if (!screen.issuer && !screen.issuerKind && /\bbanks?\b/.test(text)) screen.issuerKind = 'bank'
  const above =
    /\b(?:above|over|more than|greater than|at least|>=?)\s*(\d{1,2}(?:\.\d+)?)\s*%?/.exec(text)
  if (above) screen.couponAbove = Number(above[1])
  const below = /\b(?:below|under|less than|lower than|<=?)\s*(\d{1,2}(?:\.\d+)?)\s*%?/.exec(text)
  if (below) screen.couponBelow = Number(below[1])
  const exact = /(?:^|\s)(\d{1,2}\.\d{1,4})\s*%?(?=\s|$)|(?:^|\s)(\d{1,2})\s*%/.exec(text)
  if (exact && !above && !below) screen.coupon = Number(exact[1] ?? exact[2])
  const between = /\bbetween\s+(\d{4})\s+(?:and|to|-)\s+(\d{4})\b/.exec(text)
  const after = /\b(?:after|beyond|post)\s+(\d{4})\b/.exec(text)
  const before = /\b(?:before|by|till|until)\s+(\d{4})\b/.exec(text)
  const within = /\b(?:within|in the next|next)\s+(\d{1,2})\s+years?\b/.exec(text)
  if (between) {
    screen.maturityFrom = yearStart(Number(between[1]))
    screen.maturityTo = yearEnd(Number(between[2]))
  } else if (after || before) {
    if (after) screen.maturityFrom = yearStart(Number(after[1]) + 1)
    if (before) screen.maturityTo = yearEnd(Number(before[1]) - 1)
  } else if (within) {
    screen.maturityFrom = context.today
    screen.maturityTo = `${Number(context.today.slice(0, 4)) + Number(within[1])}${context.today.slice(4)}`
  } else {
    const year = /\b(19[5-9]\d|20\d\d|21\d\d)\b/.exec(text)
    if (year) {
      screen.maturityFrom = yearStart(Number(year[1]))
      screen.maturityTo = yearEnd(Number(year[1]))
    }
  }
  return screen
}

/** The bond text of a question: its words without the intent's words. */
function bondText(text: string): string {
  return text
    .replace(
      /\b(what|whats|is|the|of|on|for|a|an|me|show|tell|give|yield|price|clean|dirty|accrued|interest|settling|settlement|settle|coupon|maturity|mature|matures|when|does|do|isin|rating|rated|cashflows|schedule|next|same|issuer|other|bonds?|by|compare|value|date)\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim()
}

/** The tool call for a question, or a declined answer when the data cannot answer it. */
export function planQuestion(question: string, context: ToolContext): ToolCall {
  const text = normalize(question, context.issuers.words())
  const why = outOfScope(text)
  if (why) return { tool: 'decline', args: { reason: why } }
  const { date, rest: undated } = takeDate(text)
  const level = takeLevel(undated)
  const rest = level.rest
  const reference = readReference(rest, context.issuers)
  const bond = bondText(rest)
  const settlement = date ? { settlement_date: date } : {}
  const names = namesBond(reference)
  const pricing = /\b(yield|price|accrued|dirty|clean)\b/.test(rest)
  if (
    names &&
    pricing &&
    !/\bcurve\b/.test(rest) &&
    !/\b(how many|highest|lowest|list)\b/.test(rest)
  ) {
    const want = /\baccrued\b/.test(rest)
      ? 'accrued'
      : /\bdirty\b/.test(rest)
        ? 'dirty'
        : level.price !== undefined
          ? 'yield'
          : /\bprice\b/.test(rest) || level.yield !== undefined
            ? 'clean'
            : 'yield'
    return {
      tool: 'price_bond',
      args: {
        bond,
        want,
        ...settlement,
        ...(level.price !== undefined ? { clean_price: level.price } : {}),
        ...(level.yield !== undefined ? { yield: level.yield } : {}),
      },
    }
  }
  if (
    names &&
    /\b(cashflows|schedule|next coupon|coupon dates?|payment dates?|next payment)\b/.test(rest)
  ) {
    return {
      tool: 'cash_flows',
      args: { bond, ...settlement, ...(/\bnext\b/.test(rest) ? { next: true } : {}) },
    }
  }
  if (/\bcurve\b/.test(rest))
    return { tool: 'yield_curve', args: { screen: readScreen(rest, context) } }
  if (/\b(how many|count|number of)\b/.test(rest))
    return { tool: 'count_bonds', args: { screen: readScreen(rest, context) } }
  const extreme =
    /\b(highest|lowest|maximum|minimum|max|min|longest|shortest|earliest|latest|first|last|soonest)\b/.exec(
      rest,
    )
  if (extreme) {
    const word = extreme[1]!
    const byCoupon =
      /\bcoupon\b/.test(rest) && !/\b(longest|shortest|earliest|latest|soonest)\b/.test(rest)
    const high = /^(highest|maximum|max|longest|latest|last)$/.test(word)
    const screen = readScreen(rest.replace(/\b(\d{1,2}(?:\.\d+)?)\s*%/g, ''), context)
    return {
      tool: 'extreme',
      args: { screen, by: byCoupon ? 'coupon' : 'maturity', order: high ? 'highest' : 'lowest' },
    }
  }
  if (/\b(same issuer|other bonds|same company)\b/.test(rest) && names)
    return { tool: 'same_issuer', args: { bond } }
  if (/\b(compare|vs|versus)\b/.test(rest)) {
    const parts = rest
      .replace(/\bcompare\b/, ' ')
      .split(/\s(?:and|vs\.?|versus|with|&)\s/)
      .map((p) => bondText(p))
      .filter(Boolean)
    if (parts.length >= 2) return { tool: 'compare_bonds', args: { bonds: parts } }
  }
  const single = names && !/\b(list|which|all|how many)\b/.test(rest)
  if (single && /\b(when|maturity|mature|matures|redemption)\b/.test(rest))
    return { tool: 'bond_fact', args: { bond, fact: 'maturity' } }
  if (single && /\bcoupon\b/.test(rest))
    return { tool: 'bond_fact', args: { bond, fact: 'coupon' } }
  if (single && /\bisin\b/.test(rest)) return { tool: 'bond_fact', args: { bond, fact: 'isin' } }
  if (single && /\b(rating|rated)\b/.test(rest))
    return { tool: 'bond_fact', args: { bond, fact: 'rating' } }
  if (single && (reference.isin || reference.coupon !== undefined))
    return { tool: 'find_bonds', args: { query: bond } }
  const screen = readScreen(rest, context)
  const screened = Object.keys(screen).some((k) => k !== 'status')
  if (screened) {
    const sort = /\bcoupon\b/.test(rest) ? 'coupon' : 'maturity'
    return {
      tool: 'screen_bonds',
      args: { screen, sort, order: sort === 'coupon' ? 'desc' : 'asc' },
    }
  }
  return {
    tool: 'decline',
    args: {
      reason:
        'I could not match that to the bond data. I answer questions about India\'s bonds: look-ups ("isin of 6.54 GS 2032"), screens and counts ("how many active Maharashtra SDLs mature after 2030"), extremes, comparisons, and yields, prices and accrued interest at a settlement date.',
    },
  }
}

/** The built-in planner. */
export const builtInPlanner: Planner = {
  name: 'built-in',
  answer: async (question, context) => {
    if (!question.trim()) return declined("Ask a question about India's bonds.")
    const call = planQuestion(question, context)
    return runTool(call.tool, call.args, context)
  },
}
