// Code that only a dialog, drawer or dropdown needs is loaded when it is first opened (a screen's
// first load carries what it shows, issue 21). The lazy part stays mounted from then on, so its
// closing transition runs and what the user typed survives a close.
import { useState } from 'react'

/** True from the first render in which `opened` is true on. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened)
  // Set while rendering (React's "state from props"): the lazy part mounts in this same pass.
  if (opened && !once) setOnce(true)
  return once || opened
}
