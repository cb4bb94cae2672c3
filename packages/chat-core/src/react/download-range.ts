// A chat download's range: whole days in India time.

/** Day boundaries of a download in India: from the start of one day to the end of another. */
export function downloadRange(from: string, to: string) {
  return {
    startTime: new Date(`${from}T00:00:00+05:30`).getTime(),
    endTime: new Date(`${to}T23:59:59.999+05:30`).getTime(),
  }
}
