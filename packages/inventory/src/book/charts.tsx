// The book's maturity profile (face value by residual maturity) and issuer concentration (share of
// market value, the largest issuers and "Others"), drawn with Mantine charts (decision 283). Each
// is a figure: a caption naming it, a visible summary tied to the drawing by aria-describedby, and
// the same figures as a table (the text alternative). The drawings load on demand, with the book,
// so recharts weighs on no other page.
import type { InventoryTotals } from '@bonds/domain'
import { formatQuantum } from '@bonds/ui-kit'
import { Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { lazy, Suspense, useId, type ReactNode } from 'react'

const MaturityPlot = lazy(() =>
  import('./charts-plots.tsx').then((m) => ({ default: m.MaturityPlot })),
)
const IssuerPlot = lazy(() => import('./charts-plots.tsx').then((m) => ({ default: m.IssuerPlot })))

/** How many issuers the concentration names; the rest are "Others". */
export const TOP_ISSUERS = 7

/** One bar of the maturity profile. */
export interface MaturityBar {
  bucket: string
  face_value: number
}

/** One bar of the issuer concentration: share in percent of the book's market value. */
export interface IssuerBar {
  name: string
  market_value: number
  percent: number
}

const percent = (share: number) => Math.round(share * 10_000) / 100

/** The issuers as the chart shows them: the largest by market value, then "Others". */
export function issuerBars(byIssuer: InventoryTotals['by_issuer']): IssuerBar[] {
  const top = byIssuer.slice(0, TOP_ISSUERS).map((i) => ({
    name: i.name,
    market_value: i.market_value,
    percent: percent(i.share),
  }))
  const rest = byIssuer.slice(TOP_ISSUERS)
  if (!rest.length) return top
  return [
    ...top,
    {
      name: `Others (${rest.length})`,
      market_value: rest.reduce((s, i) => s + i.market_value, 0),
      percent: percent(rest.reduce((s, i) => s + i.share, 0)),
    },
  ]
}

/** The maturity profile in words. */
export function maturitySummary(bars: readonly MaturityBar[]): string {
  const total = bars.reduce((s, b) => s + b.face_value, 0)
  if (!total) return 'No face value held.'
  const largest = bars.reduce((a, b) => (b.face_value > a.face_value ? b : a))
  return `${formatQuantum(total)} of face value in ${bars.length} maturity buckets; the largest, ${largest.bucket}, holds ${formatQuantum(largest.face_value)} (${percent(largest.face_value / total)}%).`
}

/** The issuer concentration in words. */
export function issuerSummary(byIssuer: InventoryTotals['by_issuer']): string {
  if (!byIssuer.length) return 'No positions held.'
  const first = byIssuer[0]!
  const top = byIssuer.slice(0, TOP_ISSUERS)
  const topShare = percent(top.reduce((s, i) => s + i.share, 0))
  return `${byIssuer.length} issuer${byIssuer.length === 1 ? '' : 's'}; the largest, ${first.name}, holds ${percent(first.share)}% of market value${byIssuer.length > TOP_ISSUERS ? `; the largest ${TOP_ISSUERS} hold ${topShare}%` : ''}.`
}

/** A chart in its figure: caption, the drawing described by its summary, the data table. */
function ChartFigure({
  title,
  summary,
  plot,
  columns,
  rows,
}: {
  title: string
  summary: string
  plot: ReactNode
  columns: readonly string[]
  rows: readonly (readonly string[])[]
}) {
  const captionId = useId()
  const summaryId = useId()
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap={6} component="figure" m={0}>
        <Title order={3} fz="sm" component="figcaption" id={captionId}>
          {title}
        </Title>
        <div role="group" aria-labelledby={captionId} aria-describedby={summaryId}>
          <Suspense fallback={<Skeleton h={220} aria-hidden="true" />}>{plot}</Suspense>
        </div>
        <Text size="xs" c="dimmed" id={summaryId}>
          {summary}
        </Text>
        <Table fz="xs" withRowBorders={false} aria-label={`${title} (data)`}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={c} ta={i ? 'right' : undefined}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row[0]}>
                {row.map((cell, i) => (
                  <Table.Td key={i} ta={i ? 'right' : undefined}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  )
}

/** What the charts show, as text: equal keys draw the same charts (and data tables). */
export function chartsKey(totals: InventoryTotals): string {
  return JSON.stringify([
    totals.by_maturity.map((b) => [b.bucket, b.face_value]),
    issuerSummary(totals.by_issuer),
    issuerBars(totals.by_issuer).map((i) => [i.name, i.percent, formatQuantum(i.market_value)]),
  ])
}

/** The book's maturity profile and issuer concentration. */
export function InventoryCharts({ totals }: { totals: InventoryTotals }) {
  const maturity = totals.by_maturity.map((b) => ({ bucket: b.bucket, face_value: b.face_value }))
  const issuers = issuerBars(totals.by_issuer)
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartFigure
        title="Maturity profile"
        summary={maturitySummary(maturity)}
        plot={<MaturityPlot bars={maturity} />}
        columns={['Residual maturity', 'Face value']}
        rows={maturity.map((b) => [b.bucket, formatQuantum(b.face_value)])}
      />
      <ChartFigure
        title="Issuer concentration"
        summary={issuerSummary(totals.by_issuer)}
        plot={<IssuerPlot bars={issuers} />}
        columns={['Issuer', 'Market value', 'Share']}
        rows={issuers.map((i) => [i.name, formatQuantum(i.market_value), `${i.percent}%`])}
      />
    </SimpleGrid>
  )
}
