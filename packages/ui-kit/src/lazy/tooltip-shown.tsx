// Mantine's Tooltip (and floating-ui) over a target already on screen, open at once: what
// DeferredTooltip mounts beside its child once the pointer has come over it.
import { Tooltip } from '@mantine/core'
import type { ReactNode, RefObject } from 'react'

/** The tooltip of `target`, open from its first render (the pointer is over the target). */
export default function TooltipShown({
  label,
  target,
}: {
  label: ReactNode
  target: RefObject<HTMLElement | null>
}) {
  return <Tooltip label={label} target={target} defaultOpened />
}
