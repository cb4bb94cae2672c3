// The desk's words: sides, sizes, kinds of bond, states and issuers in shorthand, and the words
// that make a line a request, a trade report or a withdrawal rather than a quote.
import type { QuoteSide } from './types.ts'

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean))

/** Words that put a level on a side: the writer's side ("sell" offers, "buyer" bids). */
export const SIDE_WORDS: ReadonlyMap<string, QuoteSide> = new Map<string, QuoteSide>([
  ...[...set('bid bids bidding bidder bidders bidd buy buying buyer buyers')].map(
    (w): [string, QuoteSide] => [w, 'BID'],
  ),
  ...[
    ...set(
      'offer offers offered offering ofr ofer offr ofrd offrd sell selling seller sellers ask asks',
    ),
  ].map((w): [string, QuoteSide] => [w, 'ASK']),
])

/** Size units and the rupees of face value one of them is (units: the bond's face value). */
export const SIZE_UNITS: ReadonlyMap<string, number | 'face'> = new Map<string, number | 'face'>([
  ...[...set('cr crs crore crores')].map((w): [string, number] => [w, 1e7]),
  ...[...set('l lac lacs lakh lakhs lk lkh')].map((w): [string, number] => [w, 1e5]),
  ...[...set('unit units bonds')].map((w): [string, 'face'] => [w, 'face']),
])

/** The kinds of bond a desk names, by the universe's security types. */
export type BondKind = 'GSEC' | 'SDL' | 'TBILL' | 'CORPORATE'

/** Words naming a kind of bond. */
const kind = (words: string, k: BondKind) => [...set(words)].map((w): [string, BondKind] => [w, k])
export const KIND_WORDS: ReadonlyMap<string, BondKind> = new Map<string, BondKind>([
  ...kind('gs gsec gsecs goi gilt gilts govt cgs', 'GSEC'),
  ...kind('sdl sdls', 'SDL'),
  ...kind('tbill tbills tb dtb cmb', 'TBILL'),
  ...kind('ncd ncds corp corporate psu cp cd', 'CORPORATE'),
])

/** Security types of each kind. */
export const KIND_TYPES: Record<BondKind, readonly string[]> = {
  GSEC: ['GSEC'],
  SDL: ['SDL'],
  TBILL: ['TBILL'],
  CORPORATE: ['CORPORATE', 'PSU', 'BANK', 'TAX_FREE', 'ZERO_COUPON', 'CORPORATE_FRB'],
}

/** State shorthand → the state as the universe names it. */
export const STATES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'Andhra Pradesh': 'ap andhra',
    'Arunachal Pradesh': 'arunachal arn',
    Assam: 'assam asm',
    Bihar: 'bihar bih',
    Chhattisgarh: 'chhattisgarh chattisgarh cht',
    Goa: 'goa',
    Gujarat: 'guj gujarat gj',
    Haryana: 'har haryana hr',
    'Himachal Pradesh': 'hp himachal',
    'Jammu and Kashmir': 'jk j&k jammu kashmir',
    Jharkhand: 'jharkhand jhar jh',
    Karnataka: 'kar karnataka ktk karn',
    Kerala: 'ker kerala kl',
    'Madhya Pradesh': 'mp madhya',
    Maharashtra: 'maha mah mh maharashtra',
    Manipur: 'manipur',
    Meghalaya: 'meghalaya meg',
    Mizoram: 'mizoram miz',
    Nagaland: 'nagaland nag',
    Odisha: 'odisha orissa od ors',
    Puducherry: 'puducherry pondicherry pdc',
    Punjab: 'punjab pun pb pjb',
    Rajasthan: 'raj rajasthan rj',
    Sikkim: 'sikkim',
    'Tamil Nadu': 'tn tamil tamilnadu',
    Telangana: 'telangana tel tg ts tlg',
    Tripura: 'tripura',
    'Uttar Pradesh': 'up uttar',
    Uttarakhand: 'uttarakhand uk ukd',
    'West Bengal': 'wb bengal',
  }).flatMap(([state, words]) => [...set(words)].map((w) => [w, state] as const)),
)

/** Issuer shorthand → fragments of the issuer's name (any one matches). */
export const ISSUERS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    pfc: ['power finance'],
    irfc: ['indian railway finance'],
    nabard: ['national bank for agriculture'],
    sidbi: ['small industries development'],
    nhai: ['national highways'],
    hudco: ['housing and urban', 'housing & urban'],
    iifcl: ['india infrastructure finance'],
    lichf: ['lic housing'],
    hf: ['housing finance'],
    baf: ['bajaj finance'],
    fin: ['fin'],
    bob: ['bank of baroda'],
    ubi: ['union bank'],
    nabfid: ['national bank for financing'],
    sbi: ['state bank of india'],
    pgc: ['power grid'],
    pgcil: ['power grid'],
    npcil: ['nuclear power'],
    ril: ['reliance'],
    exim: ['export import'],
    nhb: ['national housing bank'],
    mmfs: ['mahindra & mahindra financial'],
    ioc: ['indian oil'],
    iocl: ['indian oil'],
    bpcl: ['bharat petroleum'],
    hpcl: ['hindustan petroleum'],
    ongc: ['oil and natural gas', 'ongc'],
    sail: ['steel authority'],
    tf: ['tax-free', 'tax free'],
    indigrid: ['india grid'],
  }),
)

/** Words a line may carry without changing what it quotes. */
export const FILLER = set(`
  a an the of for in at on to is and or with by from as per vs via
  we r are i my our u ur you your me us they he she it this that these those there here
  pls please plz kindly sir team hi hello gm all each every everyone guys
  size sizes qty quantity amt amount total
  firm run runs today tdy yields yield yld ytm px price prc rs inr settlement settle stl sett
  fwd fw from desk paper papers bond bonds issue tier ii iii upto up till max min only
  have has got hv can could will would shall do does now more also ok good morning new
  day days way two still still note noted tax free clean level levels rate at
  pradesh nadu ltd limited was prev previous earlier
`)

/** Words of a request for quotes: a line with one holds no quote. */
export const REQUEST_WORDS = set(`
  need needs needed any anyone anybody anything who where what wat wht whats wats which
  rfq quote quotes quoting show send looking lf require required requirement axe axes
  revert check
`)

/** Words of a trade done, a withdrawal or a history: a line with one holds no quote. */
export const NOT_A_QUOTE_WORDS = set(`
  done dealt traded trading trades deal paid given hit lifted executed exec confirmed confirm
  closed close last yday yesterday cancel cancelled canceled withdraw withdrawn pulled off
  auction cutoff notified ticket valid spread bps settled
`)

/** Words that make a quote indicative (never auto-accepted). */
export const INDICATIVE_WORDS = set('indicative indic ind subject sub approx around')

/** Month words, for maturities written "aug33" or "Aug 2033". */
export const MONTHS: ReadonlyMap<string, number> = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].flatMap(
    (m, i) => [[m, i + 1] as const, ...(m === 'sep' ? [['sept', 9] as const] : [])],
  ),
)
