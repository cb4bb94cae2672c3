// A "Report issue" button that opens the report-issue modal for a context: what a screen places
// beside its capture area.
import type { ReportIssueContext } from '@bonds/domain'
import { Button, type ButtonProps } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useState } from 'react'
import type { CaptureScreenshot } from '../../model/capture.ts'
import { ReportIssueModal, type ReportDetails } from './report-issue-modal.tsx'

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
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size={size}
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <ReportIssueModal
        opened={opened}
        onClose={() => setOpened(false)}
        context={context}
        {...(details ? { details } : {})}
        {...(capture ? { capture } : {})}
      />
    </>
  )
}
