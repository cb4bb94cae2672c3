// Downloads of one bond: the information memorandum (`POST api/im/download/ {isin}`) when the
// bond's info says one is published (else a plain sentence, no button: decision 111), and the
// bond-details and quote PDFs the server generates from the bond's data at the calculator's
// settlement, price or yield and quantity. Files arrive as blobs through the API client; a
// memorandum gone missing is said in words, never saved as a broken file. Public.
import { failureOf } from '@bonds/api-client'
import {
  MESSAGES,
  NO_INFORMATION_MEMORANDUM,
  noMemorandumText,
  TOOLTIP_Z_INDEX,
  type DocumentQuoteRequest,
  type FinstrumentInfo,
  type MemorandumSummary,
} from '@bonds/domain'
import { todayInIndia } from '@bonds/pricing'
import { formatDate, formatIndianNumber, toast } from '@bonds/ui-kit'
import { Alert, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import { IconDownload, IconFileText } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useDownloadDocumentMutation, type DocumentKind } from '../api/documents.ts'
import { failureText } from '../api/query-view.ts'
import { SecuritySection } from './section.tsx'
import classes from './security.module.css'

/** Props of SecurityDownloads. */
export interface SecurityDownloadsProps {
  bond: FinstrumentInfo
  /** The PDFs' inputs: the calculator's fixed field, the settlement and the quantity. */
  request: DocumentQuoteRequest
  /** False when the bond cannot be priced: the quote PDF needs a price. */
  priceable: boolean
}

type Kind = DocumentKind

/** A file's size as people read it: 820 KB, 1.2 MB. */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatIndianNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
  return `${formatIndianNumber(bytes / (1024 * 1024), 1)} MB`
}

/** What the memorandum is: a PDF of its size, published on a date in India. */
function memorandumText(memorandum: MemorandumSummary): string {
  const published = formatDate(todayInIndia(new Date(memorandum.uploaded_at)))
  return `Information memorandum: PDF, ${sizeText(memorandum.size)}, published ${published}.`
}

const LABELS: Record<Kind, string> = {
  memorandum: 'Information memorandum',
  'bond-details': 'Bond details',
  quote: 'Quote',
}

/** The three downloads of the security page. */
export function SecurityDownloads({ bond, request, priceable }: SecurityDownloadsProps) {
  const [download] = useDownloadDocumentMutation()
  const [busy, setBusy] = useState<Record<Kind, boolean>>({
    memorandum: false,
    'bond-details': false,
    quote: false,
  })
  const [notice, setNotice] = useState<
    | { tone: 'missing' | 'error'; kind: Kind; text: string }
    | { tone: 'done'; kind: Kind; text: string }
    | null
  >(null)
  const tooltipId = useId()
  const isin = bond.identifiers.isin
  const memorandum = bond.information_memorandum

  const run = async (kind: Kind) => {
    setBusy((b) => ({ ...b, [kind]: true }))
    setNotice(null)
    try {
      const name = await download({ kind, id: bond.id, isin, request }).unwrap()
      if (kind === 'memorandum') toast.success(MESSAGES.imDownloaded)
      setNotice({ tone: 'done', kind, text: `${LABELS[kind]} downloaded as ${name}.` })
    } catch (error) {
      const missing =
        kind === 'memorandum' &&
        failureOf(error)?.status === 404 &&
        failureText(error, '') === NO_INFORMATION_MEMORANDUM
      setNotice({
        tone: missing ? 'missing' : 'error',
        kind,
        text: missing
          ? NO_INFORMATION_MEMORANDUM
          : failureText(
              error,
              `The ${LABELS[kind].toLowerCase()} could not be downloaded. Try again.`,
            ),
      })
    } finally {
      setBusy((b) => ({ ...b, [kind]: false }))
    }
  }

  return (
    <SecuritySection title="Downloads">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          {memorandum && (
            <>
              <Tooltip
                label={MESSAGES.imTooltip}
                events={{ hover: true, focus: true, touch: true }}
                zIndex={TOOLTIP_Z_INDEX}
                withArrow
              >
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconFileText size={16} aria-hidden />}
                  loading={busy.memorandum}
                  aria-describedby={tooltipId}
                  onClick={() => void run('memorandum')}
                >
                  Information memorandum
                </Button>
              </Tooltip>
              <VisuallyHidden id={tooltipId}>{MESSAGES.imTooltip}</VisuallyHidden>
            </>
          )}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy['bond-details']}
            onClick={() => void run('bond-details')}
          >
            Bond details (PDF)
          </Button>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy.quote}
            disabled={!priceable}
            onClick={() => void run('quote')}
          >
            Quote (PDF)
          </Button>
        </Group>
        <Text size="xs" className={classes.muted}>
          {memorandum ? memorandumText(memorandum) : noMemorandumText(bond.security_type)}
        </Text>
        <Text size="xs" className={classes.muted}>
          {priceable
            ? 'The PDFs use the calculator’s settlement and yield or price (at the coupon rate when empty) and the cash-flow quantity.'
            : 'This bond cannot be priced, so there is no quote; bond details list its terms.'}
        </Text>
        <div aria-live="polite">
          {notice?.tone === 'done' && (
            <Text size="sm" role="status">
              {notice.text}
            </Text>
          )}
          {notice?.tone === 'missing' && (
            <Alert color="yellow" variant="light" role="status">
              {notice.text}
            </Alert>
          )}
          {notice?.tone === 'error' && (
            <Alert color="red" variant="light" role="alert">
              {notice.text}
            </Alert>
          )}
        </div>
      </Stack>
    </SecuritySection>
  )
}
