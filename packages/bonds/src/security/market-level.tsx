// The market's level for a bond beside its calculator: the best live offer (a trader's view), else
// the last trade or the issuer's disclosed yield, with a button that puts it into the calculator.
// A failed lookup shows nothing (spec section 8: price lookup errors are silently ignored).
import type { MarketQuote, MarketQuoteSource } from '@bonds/domain'
import { formatDate, formatPrice, formatQuantum, formatYield } from '@bonds/ui-kit'
import { Button, Group, Skeleton, Text } from '@mantine/core'
import type { QueryView } from '../api/query-view.ts'
import classes from './security.module.css'

/** A level the calculator can take: a yield at a settlement date. */
export interface MarketLevelChoice {
  bondYield: number
  settlementDate: string
}

const SOURCE_LABELS: Record<MarketQuoteSource, string> = {
  QUOTE: 'Best offer',
  TRADE: 'Last traded',
  INDICATIVE: 'Disclosed yield',
}

/** Where the level comes from and how old it is, in words. */
export function marketLevelSource(quote: MarketQuote): string {
  if (!quote.source) return ''
  const label = SOURCE_LABELS[quote.source]
  if (quote.source === 'QUOTE') return `${label} (live quote)`
  return quote.as_of ? `${label} on ${formatDate(quote.as_of)}` : label
}

/** Props of MarketLevel. */
export interface MarketLevelProps {
  /** The market quote (`useMarketQuoteQuery`) as the page holds it. */
  quote: QueryView<MarketQuote>
  /** Put the level's yield into the calculator. */
  onUse: (choice: MarketLevelChoice) => void
}

/** One line: the market's level (or that there is none), and "Use" when it has a yield. */
export function MarketLevel({ quote, onUse }: MarketLevelProps) {
  if (quote.status === 'loading') {
    return <Skeleton height={20} width="70%" role="status" aria-label="Loading the market level" />
  }
  if (quote.status !== 'ready') return null
  const { price } = quote.data
  if (!price) {
    return (
      <Text size="sm" className={classes.muted}>
        No live offer, trade or disclosed yield for this bond yet.
      </Text>
    )
  }
  const bondYield = price.bond_yield
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" aria-label="Market level" role="group">
      <Text size="sm" className={classes.numbers}>
        <Text span fw={600} size="sm">
          {marketLevelSource(quote.data)}:
        </Text>{' '}
        {bondYield !== null && `${formatYield(bondYield)} · `}price{' '}
        {formatPrice(price.unit_clean_price)}
        {quote.data.quantum !== null && ` · ${formatQuantum(quote.data.quantum)}`}
        <Text span size="sm" className={classes.muted}>
          {' '}
          · settles {formatDate(price.settlement_date)}
        </Text>
      </Text>
      {bondYield !== null && (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onUse({ bondYield, settlementDate: price.settlement_date })}
        >
          Use this level
        </Button>
      )}
    </Group>
  )
}
