import fs from 'node:fs';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../errors/app-error.js';

/** What a workbook may unpack to (docs/adr/0034-import.md): a 100,000-row sheet is far below these. */
export const zipLimits = {
  entries: 2_000,
  /** All entries together, unpacked. */
  totalBytes: 400 * 1024 * 1024,
  entryBytes: 300 * 1024 * 1024,
  /** Unpacked size per packed byte, for entries over 1 MB unpacked; sheet XML packs about 10–30×. */
  ratio: 150,
} as const;

const refuse = (fileName: string, why: string) =>
  new AppError('unsupported_media_type', `${fileName} can't be read as a workbook: ${why}`);

const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open);

/**
 * Checks a workbook before any spreadsheet code inflates it: the central directory's entry count,
 * sizes and compression ratios; that its entries tile the file (no hidden local entries a streaming
 * reader would inflate); and, inflating each XML entry with its declared size enforced, that none
 * declares a DOCTYPE (external entities, entity expansion); a part named outside the workbook (`../x`)
 * makes the listing fail. Throws 415 naming the file and the reason.
 */
export async function guardWorkbook(filePath: string, fileName: string): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await openZip(filePath, { lazyEntries: true, validateEntrySizes: true, autoClose: false });
  } catch {
    throw refuse(fileName, 'it is not a valid zip archive');
  }
  try {
    if (zip.entryCount > zipLimits.entries) throw refuse(fileName, `it has more than ${zipLimits.entries} parts`);
    const entries = await readEntries(zip).catch((err: unknown) => {
      // yauzl checks each name as it lists it: `../x`, `/x` or `C:\x` end the listing with an error.
      throw refuse(fileName, `its list of parts is damaged (${(err as Error).message})`);
    });
    let total = 0;
    for (const entry of entries) {
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > zipLimits.entryBytes || total > zipLimits.totalBytes) {
        throw refuse(fileName, 'it unpacks to more than a workbook of 100,000 rows could');
      }
      if (entry.uncompressedSize > 1024 * 1024 && ratio > zipLimits.ratio) {
        throw refuse(fileName, `${entry.fileName} is compressed suspiciously well (a zip bomb?)`);
      }
    }
    if (!entries.some((e) => e.fileName === 'xl/workbook.xml')) throw refuse(fileName, 'it has no xl/workbook.xml');
    checkTiling(filePath, fileName, entries);
    for (const entry of entries) {
      if (/\.(xml|rels)$/i.test(entry.fileName)) await refuseDoctype(zip, entry, fileName);
    }
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Each local entry must start where the previous one's data (and descriptor) ended. */
function checkTiling(filePath: string, fileName: string, entries: Entry[]): void {
  const fd = fs.openSync(filePath, 'r');
  try {
    const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
    let expected = 0;
    const header = Buffer.alloc(30);
    for (const entry of sorted) {
      const at = entry.relativeOffsetOfLocalHeader;
      // A data descriptor (12 or 16 bytes, signature optional) may sit between the two.
      if (at !== expected && !(entry !== sorted[0] && [12, 16].includes(at - expected))) {
        throw refuse(fileName, 'its parts overlap or hide data between them');
      }
      if (fs.readSync(fd, header, 0, 30, at) !== 30 || header.readUInt32LE(0) !== 0x04034b50) {
        throw refuse(fileName, `${entry.fileName} has no local header`);
      }
      const hasDescriptor = (header.readUInt16LE(6) & 0x8) !== 0;
      if (!hasDescriptor && header.readUInt32LE(18) !== entry.compressedSize) {
        throw refuse(fileName, `${entry.fileName} declares two different sizes`);
      }
      expected = at + 30 + header.readUInt16LE(26) + header.readUInt16LE(28) + entry.compressedSize;
    }
  } finally {
    fs.closeSync(fd);
  }
}

const doctype = /<!DOCTYPE|<!ENTITY/i;

/** Inflates one entry (yauzl stops it past its declared size) and looks for a DOCTYPE across chunk joins. */
async function refuseDoctype(zip: ZipFile, entry: Entry, fileName: string): Promise<void> {
  const stream = await promisify<Entry, NodeJS.ReadableStream>(zip.openReadStream.bind(zip))(entry);
  let tail = '';
  try {
    for await (const chunk of stream) {
      const text = tail + (chunk as Buffer).toString('latin1');
      if (doctype.test(text))
        throw refuse(fileName, `${entry.fileName} declares a DOCTYPE, which workbooks never need`);
      tail = text.slice(-16);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(fileName, `${entry.fileName} is damaged`);
  }
}
