// A "Report issue" button that opens the report-issue modal for a context: what a screen places
// beside its capture area.
import type { ReportIssueContext } from '@bonds/domain'
import { Button, type ButtonProps } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { lazyWithPreload } from '@bonds/ui-kit'
import { Suspense, useState } from 'react'
import type { CaptureScreenshot } from '../../model/capture.ts'
import type { ReportDetails } from './report-issue-modal.tsx'

// The modal (its form and the screenshot capture) is loaded when first opened: the button sits on
// screens that must load fast, such as dart's workspace (issue 21).
const ReportIssueModal = lazyWithPreload(() =>
  import('./report-issue-modal.tsx').then((m) => ({ default: m.ReportIssueModal })),
)

/** Props of ReportIssueButton. */
export interface ReportIssueButtonProps {
  context: ReportIssueContext
  /** The pricing details on screen (sent only with the user's consent). */
  details?: ReportDetails
  /** The button's text (default "Report issue"). */
  label?: string
  size?: ButtonProps['size']
  capture?: CaptureScreenshot
}

/** A button opening the report-issue modal. */
export function ReportIssueButton({
  context,
  details,
  label = 'Report issue',
  size = 'xs',
  capture,
}: ReportIssueButtonProps) {
  const [opened, setOpened] = useState(false)
  // Mounted from the first opening on, so the modal's closing transition runs.
  const [mounted, setMounted] = useState(false)
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size={size}
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        onPointerEnter={() => void ReportIssueModal.preload()}
        onFocus={() => void ReportIssueModal.preload()}
        onClick={() => {
          setMounted(true)
          setOpened(true)
        }}
      >
        {label}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportIssueModal
            opened={opened}
            onClose={() => setOpened(false)}
            context={context}
            {...(details ? { details } : {})}
            {...(capture ? { capture } : {})}
          />
        </Suspense>
      ) : null}
    </>
  )
}
