// Desk chat into tokens: ISINs, numbers (with their written form), words and symbols. Letters and
// digits written together are split ("7.18gs33" → 7.18, gs, 33); a letter o between or after
// digits is read as a zero ("7.1o", "2o33"); "g-sec" and "t-bill" are one word.

/** One token of a line. */
export type Token =
  | { kind: 'isin'; text: string }
  | {
      kind: 'number'
      text: string
      value: number
      dot: boolean
      decimals: number
      grouped: boolean
    }
  | { kind: 'word'; text: string }
  | { kind: 'symbol'; text: string }

const PATTERN =
  /(?<![a-z0-9])(in[a-z0-9]{9}\d)(?![a-z0-9])|(\d{1,3}(?:,\d{2,3})+(?:\.\d+)?)|(\d+\.\d+|\.\d+|\d+)|([a-z][a-z&']*)|(\S)/g

/** Normalise a line the way a reader forgives it. */
export function normalise(line: string): string {
  return line
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/₹/g, ' rs ')
    .replace(/(?<=\d)o(?![a-z])/g, '0')
    .replace(/\bg-sec/g, 'gsec')
    .replace(/\bt-bill/g, 'tbill')
    .replace(/\btax-free\b/g, 'tax free')
}

/** The tokens of one line. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = []
  for (const match of normalise(line).matchAll(PATTERN)) {
    const [text, isin, grouped, plain, word] = match
    if (isin && /\d.*\d.*\d/.test(isin)) tokens.push({ kind: 'isin', text: isin.toUpperCase() })
    else if (isin) tokens.push({ kind: 'word', text: isin })
    else if (grouped) tokens.push(numberToken(grouped, true))
    else if (plain) tokens.push(numberToken(plain, false))
    else if (word) tokens.push({ kind: 'word', text: word.replace(/'s?$/, '') })
    else tokens.push({ kind: 'symbol', text })
  }
  return tokens
}

function numberToken(text: string, grouped: boolean): Token {
  const digits = text.replace(/,/g, '')
  const dot = digits.includes('.')
  return {
    kind: 'number',
    text: digits,
    value: Number(digits),
    dot,
    decimals: dot ? digits.length - digits.indexOf('.') - 1 : 0,
    grouped,
  }
}
