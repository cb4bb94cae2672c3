// The security page's content for one loaded bond: terms, the calculator with its settlement,
// downloads, cash flows for a quantity, trade history and credit rationale (behind the
// security-data permission), and the issuer's other bonds. The calculator and the cash flows are
// the report-issue capture areas of the pricing and cash-flow context (the app's `reportIssue`).
import type { AppName, FinstrumentInfo, FinstrumentSummary } from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { emptyPricingValue, type PricingValue } from '@bonds/pricing/react'
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useMarketQuoteQuery } from '../api/market-quote.ts'
import { useQueryView } from '../api/query-view.ts'
import type { SecurityDataAccess } from './access.ts'
import { CashflowSection } from './cashflow-section.tsx'
import { CreditRationale } from './credit-rationale.tsx'
import { GatedSection } from './gated-section.tsx'
import { MarketLevel, type MarketLevelChoice } from './market-level.tsx'
import { SameIssuerBonds } from './same-issuer-bonds.tsx'
import { SecurityCalculator } from './security-calculator.tsx'
import { SecurityDownloads } from './security-downloads.tsx'
import { SecurityTerms } from './security-terms.tsx'
import classes from './security.module.css'
import {
  DEFAULT_SETTLEMENT,
  documentRequest,
  resolveSettlement,
  type SettlementChoice,
} from './settlement.ts'
import { termsOf } from './terms.ts'
import { TradeHistory } from './trade-history.tsx'

/** Props of SecurityDetail. */
export interface SecurityDetailProps {
  bond: FinstrumentInfo
  /** What the session allows (`securityDataAccess(useSession())`). */
  access: SecurityDataAccess
  /** The sign-in page with the redirect back here (`signInHref(path)`). */
  signInHref: string
  /** The app rendering the page (links to other bonds stay inside it). */
  app?: AppName
  /** Today in India (YYYY-MM-DD); the current date by default. */
  today?: string
  /** The app's "Report issue" for the calculator and cash flows, given what the user entered. */
  reportIssue?: (details: PricingReportDetails) => ReactNode
}

/** What the user entered in the calculator and cash flows, for a report's pricing details. */
export type PricingReportDetails = Record<string, string | number | null>

/** A bond's heading: name (with matured and unlisted badges), ISIN and issuer. */
export function SecurityHeading({ bond }: { bond: FinstrumentSummary }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {bond.display_name}
        </Title>
        {bond.is_matured && (
          <Badge color="gray" variant="outline">
            Matured
          </Badge>
        )}
        {!bond.contract_parameters.is_listed && (
          <Badge color="gray" variant="outline">
            Unlisted
          </Badge>
        )}
      </Group>
      <Text className={classes.muted}>
        <Text span ff="monospace">
          {bond.identifiers.isin}
        </Text>{' '}
        · {bond.issuer}
      </Text>
    </Stack>
  )
}

/** Every section of one bond's page. */
export function SecurityDetail({
  bond,
  access,
  signInHref,
  app = 'find',
  today: todayProp,
  reportIssue,
}: SecurityDetailProps) {
  const terms = useMemo(() => termsOf(bond), [bond])
  const today = todayProp ?? todayInIndia()
  const [settlement, setSettlement] = useState<SettlementChoice>(DEFAULT_SETTLEMENT)
  const settlementDate = useMemo(
    () => resolveSettlement(settlement, terms, today),
    [settlement, terms, today],
  )
  const [value, setValue] = useState<PricingValue>(() => emptyPricingValue('yield'))
  const [quantity, setQuantity] = useState<number | null>(null)
  // The market's level at the calculator's settlement (none asked for a bond that cannot be priced).
  const quote = useMarketQuoteQuery({ id: bond.id, settlementDate }, { skip: terms === null })
  const market = useQueryView(quote)
  const takeLevel = ({ bondYield, settlementDate: date }: MarketLevelChoice) => {
    if (date !== settlementDate) setSettlement({ kind: 'date', date })
    setValue({ fixedField: 'yield', bondYield, cleanPrice: null })
  }
  // The calculator starts from the market's level, once, unless the user has typed already.
  const started = useRef(false)
  const level = market.status === 'ready' ? market.data.price : null
  useEffect(() => {
    if (started.current || !level || level.bond_yield === null) return
    started.current = true
    setValue((current) =>
      current.bondYield === null && current.cleanPrice === null
        ? { fixedField: 'yield', bondYield: level.bond_yield, cleanPrice: null }
        : current,
    )
  }, [level])
  const request = useMemo(
    () => documentRequest(value, settlement, quantity),
    [value, settlement, quantity],
  )
  const details: PricingReportDetails = {
    isin: bond.identifiers.isin,
    fixed_field: value.fixedField,
    bond_yield: value.bondYield,
    clean_price: value.cleanPrice,
    settlement_date: settlementDate,
    quantity,
  }

  return (
    <Stack gap="lg">
      <SecurityHeading bond={bond} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SecurityTerms bond={bond} />
        <Stack gap="lg">
          <div data-support-capture="calculator">
            <SecurityCalculator
              bond={bond}
              terms={terms}
              today={today}
              value={value}
              onChange={setValue}
              settlement={settlement}
              settlementDate={settlementDate}
              onSettlementChange={setSettlement}
              market={terms ? <MarketLevel quote={market} onUse={takeLevel} /> : null}
              reportIssue={reportIssue?.(details)}
            />
          </div>
          <SecurityDownloads bond={bond} request={request} priceable={terms !== null} />
        </Stack>
      </SimpleGrid>
      <div data-support-capture="cashflows">
        <CashflowSection
          bond={bond}
          terms={terms}
          settlementDate={settlementDate}
          quantity={quantity}
          onQuantityChange={setQuantity}
        />
      </div>
      <GatedSection
        title="Trade history"
        access={access}
        signInHref={signInHref}
        unlocks="the trades of this bond the platform knows, with their prices, yields and sizes"
      >
        <TradeHistory bond={bond} />
      </GatedSection>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <GatedSection
          title="Credit rationale"
          access={access}
          signInHref={signInHref}
          unlocks="the rating agencies’ rationale for this bond’s rating"
        >
          <CreditRationale bond={bond} />
        </GatedSection>
        <SameIssuerBonds bond={bond} app={app} />
      </SimpleGrid>
    </Stack>
  )
}
