// A hover tooltip whose code (Mantine's Tooltip and floating-ui) is fetched when the pointer first
// comes over its target: a screen's first load carries what it shows (issue 21). The target is
// never replaced (a press that follows the hover at once, as a tap does, still lands); the
// tooltip is mounted beside it, pointed at it. Mantine's tooltips open on hover only, so a
// keyboard user loses nothing.
import {
  cloneElement,
  Suspense,
  useRef,
  useState,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import { lazyWithPreload } from './deferred.tsx'

const TooltipShown = lazyWithPreload(() => import('./tooltip-shown.tsx'))

/** The props DeferredTooltip adds to its child. */
interface TargetProps {
  ref?: Ref<HTMLElement>
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
}

/** Props of DeferredTooltip. */
export interface DeferredTooltipProps {
  label: ReactNode
  /** One element that takes a ref and `onPointerEnter`. */
  children: ReactElement<TargetProps>
}

/** `children`, with Mantine's Tooltip from the first time the pointer comes over it. */
export function DeferredTooltip({ label, children }: DeferredTooltipProps) {
  const [hovered, setHovered] = useState(false)
  const target = useRef<HTMLElement | null>(null)
  const own = children.props.ref
  const ref = (node: HTMLElement | null) => {
    target.current = node
    if (typeof own === 'function') own(node)
    else if (own) own.current = node
  }
  return (
    <>
      {cloneElement(children, {
        ref,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerEnter?.(event)
          setHovered(true)
        },
      })}
      {hovered ? (
        <Suspense fallback={null}>
          <TooltipShown label={label} target={target} />
        </Suspense>
      ) : null}
    </>
  )
}
