// Handing a file to the browser: a text file (the transactions export) or a downloaded one under
// the server's name (a trade's reconstruction PDF).
import type { DownloadedFile } from '@bonds/api-client'

/** Save `text` as a file called `name` of type `type`. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet programs read ₹ and names as UTF-8.
  saveBlob(new Blob(['\uFEFF', text], { type }), name)
}

/** Save a downloaded file under the server's name (else `fallbackName`); answers the name. */
export function saveFile(file: DownloadedFile, fallbackName: string): string {
  const name = file.fileName ?? fallbackName
  saveBlob(file.blob, name)
  return name
}

function saveBlob(blob: Blob, name: string) {
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
