// Hand a file to the browser under a name (the transactions exports, the confirmation PDF).
import type { DownloadedFile } from '@bonds/api-client'

/** Save `text` as a file called `name` of type `type`. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet programs read ₹ and names as UTF-8.
  save(name, new Blob(['\uFEFF', text], { type }))
}

/** Save `bytes` as a file called `name` of type `type`. */
export function downloadBytes(name: string, bytes: Uint8Array, type: string) {
  save(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }))
}

/** Save a file the API sent under its name (else `fallbackName`); answers the name used. */
export function saveDownloaded(file: DownloadedFile, fallbackName: string): string {
  const name = file.fileName ?? fallbackName
  save(name, file.blob)
  return name
}

function save(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once click() returns; keep the URL a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
