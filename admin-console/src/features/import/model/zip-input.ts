/** A file to import: its own name (a zip entry's base name) and its bytes. */
export interface InputFile {
  name: string;
  blob: Blob;
}

/** Limits of a dropped zip: it is expanded in this tab, so a hostile one can only hurt the admin's own tab. */
export const ZIP_LIMITS = { entries: 2000, entryBytes: 50 * 1024 * 1024, totalBytes: 1024 * 1024 * 1024 };

const DOCUMENT = /\.(pdf|docx?)$/i;

/**
 * Expands a dropped .zip in the browser (fflate, loaded only when a zip is dropped): each document inside becomes a
 * file of the import, uploaded, checked and staged like any other. Only entry names are used (never a path on
 * disk: no path traversal), folders and other files are ignored, and the declared sizes are checked before
 * anything is inflated (a zip bomb is refused with a message). Returns the files and what was left out.
 */
export async function expandZip(zip: Blob): Promise<{ files: InputFile[]; ignored: string[] }> {
  const { unzip } = await import('fflate');
  const bytes = new Uint8Array(await zip.arrayBuffer());
  let total = 0;
  let entries = 0;
  const ignored: string[] = [];
  const problems: string[] = [];
  const found = await new Promise<Record<string, Uint8Array>>((resolve, reject) =>
    unzip(
      bytes,
      {
        filter: (entry) => {
          const base = entry.name.split('/').pop() ?? '';
          if (entry.name.endsWith('/') || base.startsWith('.') || entry.name.startsWith('__MACOSX/')) return false;
          if (!DOCUMENT.test(base)) {
            ignored.push(base);
            return false;
          }
          entries++;
          total += entry.originalSize;
          if (entries > ZIP_LIMITS.entries) problems.push(`more than ${ZIP_LIMITS.entries} documents`);
          else if (entry.originalSize > ZIP_LIMITS.entryBytes) problems.push(`${base} is larger than 50 MB`);
          else if (total > ZIP_LIMITS.totalBytes) problems.push('more than 1 GB in all');
          return problems.length === 0;
        },
      },
      (error, data) => (error ? reject(new Error('The zip file could not be read')) : resolve(data)),
    ),
  );
  if (problems.length > 0) throw new Error(`The zip cannot be imported: ${problems[0]}.`);
  const files = Object.entries(found).map(([path, data]) => ({
    name: path.split('/').pop()!,
    blob: new Blob([data as BlobPart]),
  }));
  return { files, ignored };
}
