// The desk's words: the question lower-cased, its typos corrected against the analyst's vocabulary,
// Hinglish shorthand read as English, state and issuer nicknames, dates and numbers.

/** Hinglish and desk shorthand → the English the planner reads (whole words, in order). */
const PHRASES: [RegExp, string][] = [
  [/\b(\d{4})\s+ke\s+baad\b/g, 'after $1'],
  [/\b(\d{4})\s+(?:se|ke)\s+pehle\b/g, 'before $1'],
  [/\b(\d{4})\s+(?:mein|me|main)\b/g, 'in $1'],
  [/\b(\d{1,3}(?:\.\d+)?)\s*(%?)\s+(?:pe|par|pr)\b/g, 'at $1$2'],
  [/\bkitne\b|\bkitni\b|\bh[ow]?w?\s+m[a]?ny\b/g, 'how many'],
  [/\bkitna\b|\bkya\s+hai\b|\bkya\b/g, 'what'],
  [/\bkab\b/g, 'when'],
  [/\bsabse\s+(?:zyada|jyada|bada|badi|high|uncha|unchi)\b/g, 'highest'],
  [/\bsabse\s+(?:kam|chhota|chota|chhoti|low)\b/g, 'lowest'],
  [/\bsabse\s+(?:lamba|lambi|door)\b/g, 'longest'],
  [/\bsabse\s+(?:pehle|jaldi)\b/g, 'earliest'],
  [/\b(?:batao|bata|bataiye|dikhao|dikha|btao)\b/g, 'show'],
  [/\b(?:wale|wala|wali|hai|hain|ka|ki|ke|ko|bhi|yaar|bhai|please|pls|plz)\b/g, ' '],
  [/\bbaad\b/g, 'after'],
  [/\bpehle\b/g, 'before'],
  [/\bg[\s-]?secs?\b|\bgs\b|\bgilts?\b/g, 'gsec'],
  // A two-digit maturity year after the type ("6.54 gs 32", "maha sdl 35"): 20xx.
  [/\b(gsec|sdl)\s+(\d{2})(?![\d.%])(?!\s*(?:y|yrs?|years?)\b)/g, '$1 20$2'],
  [/\bt[\s-]?bills?\b/g, 'tbill'],
  [/\bstate\s+(?:development\s+)?loans?\b|\bsdls\b/g, 'sdl'],
  [/\btier[\s-]?(?:ii|2)\b/g, 'tier2'],
  [/\bat[\s-]?1\b|\bperpetuals?\b|\bperps?\b/g, 'at1'],
  [/\btax[\s-]?free\b/g, 'taxfree'],
  [/\bfloating[\s-]?rates?\b|\bfloaters?\b|\bfrbs?\b/g, 'floating'],
  [/\bytm\b|\byield\s+to\s+maturity\b/g, 'yield'],
  [/\bcash[\s-]?flows?\b/g, 'cashflows'],
]

/** Words the analyst knows; a typed word within a small edit distance of one is read as it. */
const VOCABULARY = [
  'yield',
  'price',
  'clean',
  'dirty',
  'accrued',
  'interest',
  'settling',
  'settlement',
  'coupon',
  'maturity',
  'mature',
  'matures',
  'maturing',
  'matured',
  'active',
  'outstanding',
  'highest',
  'lowest',
  'longest',
  'shortest',
  'earliest',
  'latest',
  'compare',
  'versus',
  'issuer',
  'between',
  'after',
  'before',
  'rated',
  'rating',
  'cashflows',
  'schedule',
  'curve',
  'corporate',
  'bonds',
  'many',
  'count',
  'number',
  'which',
  'list',
  'show',
  'state',
  'forecast',
  'predict',
  'recommend',
  'should',
  'above',
  'below',
  'under',
  'over',
  'same',
  'other',
  'when',
  'what',
  'with',
  'next',
  'floating',
  'taxfree',
  'tier2',
  'bank',
  'banks',
  'psu',
  'nbfc',
  'crisil',
  'icra',
  'care',
  'acuite',
  'fitch',
  'brickwork',
  'gsec',
  'sdl',
  'tbill',
  'strips',
  'isin',
  'highways',
]

/** States and union territories of the data, with the nicknames desks type. */
const STATE_NAMES: Record<string, string[]> = {
  'Andhra Pradesh': ['ap', 'andhra'],
  'Arunachal Pradesh': ['arunachal'],
  Assam: [],
  Bihar: [],
  Chhattisgarh: ['chattisgarh', 'cg'],
  Goa: [],
  Gujarat: ['guj', 'gujrat'],
  Haryana: ['hr'],
  'Himachal Pradesh': ['hp', 'himachal'],
  'Jammu and Kashmir': ['j&k', 'jk', 'jammu', 'kashmir'],
  Jharkhand: [],
  Karnataka: ['kar', 'ktk', 'karnatak'],
  Kerala: [],
  'Madhya Pradesh': ['mp'],
  Maharashtra: ['maha', 'mh', 'mah'],
  Manipur: [],
  Meghalaya: [],
  Mizoram: [],
  Nagaland: [],
  Odisha: ['orissa'],
  Puducherry: ['pondicherry', 'pondy'],
  Punjab: [],
  Rajasthan: ['raj'],
  Sikkim: [],
  'Tamil Nadu': ['tn', 'tamilnadu'],
  Telangana: ['ts'],
  Tripura: [],
  'Uttar Pradesh': ['up'],
  Uttarakhand: ['uk', 'uttaranchal'],
  'West Bengal': ['wb', 'bengal'],
}

/** Issuers desks call by a short name → words of the issuer's name in the data. */
export const ISSUER_NICKNAMES: Record<string, string> = {
  nhai: 'national highways authority of india',
  pfc: 'power finance corporation',
  rec: 'rec limited',
  irfc: 'indian railway finance corporation',
  nabard: 'national bank for agriculture and rural development',
  sidbi: 'small industries development bank of india',
  sbi: 'state bank of india',
  pgcil: 'power grid corporation of india',
  ntpc: 'ntpc limited',
  nhpc: 'nhpc limited',
  hudco: 'housing & urban development corporation',
  nhb: 'national housing bank',
  exim: 'export import bank of india',
  pnb: 'punjab national bank',
  lichfl: 'lic housing finance',
}

/**
 * An issuer's name as names are compared: lower case, "Ltd"/"Ltd." as "limited", "&" as "and",
 * no punctuation ("NTPC Ltd" and "NTPC Limited" are one name; so are "Housing & Urban…" and
 * "Housing and Urban…").
 */
export function canonicalIssuer(name: string): string {
  return ` ${name.toLowerCase()} `
    .replace(/&/g, ' and ')
    .replace(/[().,]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ltd /g, ' limited ')
    .trim()
}

/** Damerau–Levenshtein distance of two short words, capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2]![j - 2]! + 1)
      }
      d[i]![j] = v
    }
  }
  return d[a.length]![b.length]!
}

/** Plain English words kept as typed (never "corrected" into a near vocabulary word). */
const ENGLISH = [
  'last',
  'first',
  'this',
  'that',
  'does',
  'have',
  'from',
  'year',
  'years',
  'date',
  'term',
  'much',
  'will',
  'into',
  'they',
  'than',
  'more',
  'less',
  'most',
  'least',
  'rate',
  'rates',
  'give',
  'tell',
  'many',
  'there',
  'their',
  'where',
  'were',
  'about',
  'issued',
  'issue',
  'loan',
  'loans',
  'name',
  'names',
  'full',
  'all',
  'each',
  'every',
  'today',
  'their',
  'month',
  'march',
  'next',
  'stock',
  'share',
  'shares',
  'buy',
  'sell',
  'good',
  'best',
  'worst',
  'long',
  'short',
  'paid',
  'pays',
  'pay',
  'days',
  'dated',
  'bond',
  'government',
  'india',
  'limited',
  'finance',
  'power',
  'bank',
  'trust',
]
const STATE_WORDS = Object.keys(STATE_NAMES).flatMap((s) => s.toLowerCase().split(' '))
const KNOWN = new Set([...VOCABULARY, ...STATE_WORDS, ...ENGLISH])

/** Three-letter words a question turns on: a typed word that swaps two neighbouring letters of one ("hwo", "ytm") is read as it. */
const SHORT_WORDS = ['how', 'ytm', 'sdl', 'psu']

/** A word corrected to the vocabulary's nearest (distance 1, or 2 for long words), else itself. */
function corrected(word: string, extra: ReadonlySet<string>): string {
  if (word.length === 3 && !extra.has(word)) {
    const swapped = SHORT_WORDS.find(
      (known) =>
        known !== word &&
        [0, 1].some((i) => word[i] === known[i + 1] && word[i + 1] === known[i]) &&
        [...word].filter((c, i) => c !== known[i]).length === 2,
    )
    if (swapped) return swapped
  }
  if (word.length < 4 || KNOWN.has(word) || extra.has(word) || /\d/.test(word)) return word
  const max = word.length >= 7 ? 2 : 1
  let best = word
  let bestDistance = max + 1
  for (const known of KNOWN) {
    const distance = editDistance(word, known, max)
    if (distance < bestDistance) {
      best = known
      bestDistance = distance
    }
  }
  return best
}

/** The question as the planner reads it: lower case, shorthand expanded, typos corrected. */
export function normalize(question: string, extraWords: ReadonlySet<string> = new Set()): string {
  let text = ` ${question.toLowerCase().replace(/[?!,;"“”]/g, ' ')} `
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement)
  text = text
    .split(/\s+/)
    .map((word) => corrected(word, extraWords))
    .join(' ')
  // A correction may have produced a phrase's words ("yeild to maturity", "g sec").
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement)
  return text.replace(/\s+/g, ' ').trim()
}

/** The state a question names (full name or nickname), or null. */
export function stateIn(text: string): string | null {
  const words = ` ${text} `
  for (const state of Object.keys(STATE_NAMES)) {
    if (words.includes(` ${state.toLowerCase()} `)) return state
  }
  for (const [state, nicknames] of Object.entries(STATE_NAMES)) {
    for (const nickname of nicknames) {
      // Two-letter nicknames only next to "sdl" or "state" ("tn sdl"), never alone ("up to").
      if (nickname.length <= 2 && !new RegExp(`\\b${nickname} (sdl|state)\\b`).test(text)) continue
      if (words.includes(` ${nickname} `)) return state
    }
  }
  return null
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function iso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

const DATE_PATTERNS: [RegExp, (m: RegExpExecArray) => string | null][] = [
  [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => iso(Number(m[1]), Number(m[2]), Number(m[3]))],
  [
    /\b(\d{1,2})[\s-](jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[\s-](\d{4})\b/,
    (m) => {
      const month = MONTHS.indexOf(m[2]!)
      return month < 0 ? null : iso(Number(m[3]), month + 1, Number(m[1]))
    },
  ],
  [/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/, (m) => iso(Number(m[3]), Number(m[2]), Number(m[1]))],
]

/** The first date a text names (ISO, "24-Nov-2026", "24 nov 2026", "24/11/2026"), and the text without it. */
export function takeDate(text: string): { date: string | null; rest: string } {
  for (const [pattern, read] of DATE_PATTERNS) {
    const match = pattern.exec(text)
    const date = match ? read(match) : null
    if (match && date) {
      return {
        date,
        rest: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`,
      }
    }
  }
  return { date: null, rest: text }
}
