// An answer's curve: a scatter of yield against years to maturity, drawn with Mantine charts
// (decision 283, superseding 281). A figure whose caption names the drawing and whose visible
// summary (its range) describes it; the answer's table beside it lists every point as text, each
// bond a link to its security page (the keyboard's way to the bonds). The drawing itself loads on
// demand so recharts weighs on no page that shows no curve.
import type { MindChart } from '@bonds/domain'
import { Skeleton, Stack, Text } from '@mantine/core'
import { lazy, Suspense, useId } from 'react'

const CurvePlot = lazy(() => import('./curve-plot.tsx'))

const fixed = (n: number) => String(Math.round(n * 100) / 100)

/** The curve's range in words: what a screen reader hears after the caption. */
export function curveSummary(chart: MindChart, withTable: boolean): string {
  const xs = chart.points.map((p) => p.x)
  const ys = chart.points.map((p) => p.y)
  const n = chart.points.length
  const range = `${n} bond${n === 1 ? '' : 's'} from ${fixed(Math.min(...xs))} to ${fixed(Math.max(...xs))} years to maturity; yields from ${fixed(Math.min(...ys))}% to ${fixed(Math.max(...ys))}%.`
  return withTable ? `${range} The table below lists every point, each bond linked.` : range
}

/** The curve of an answer; `withTable` says the answer's table lists its points. */
export function CurveChart({
  chart,
  withTable = false,
}: {
  chart: MindChart
  withTable?: boolean
}) {
  const captionId = useId()
  const summaryId = useId()
  return (
    <Stack gap={2} component="figure" m={0}>
      <Text size="xs" c="dimmed" component="figcaption" id={captionId}>
        {chart.title}: {chart.yLabel} against years to maturity
      </Text>
      <div
        role="group"
        aria-labelledby={captionId}
        aria-describedby={summaryId}
        data-testid="mind-chart"
      >
        <Suspense fallback={<Skeleton h={240} aria-hidden="true" />}>
          <CurvePlot chart={chart} />
        </Suspense>
      </div>
      <Text size="xs" c="dimmed" id={summaryId}>
        {curveSummary(chart, withTable)}
      </Text>
    </Stack>
  )
}
