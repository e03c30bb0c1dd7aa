/**
 * The files the demo landing pages offer for download (the album's tracks and zip,
 * the seminar's material), built from code so every byte is explained and every file
 * really opens: 8-bit PCM WAV tones, a stored (uncompressed) zip and a one-page PDF.
 * `write-demo-assets.ts` writes them to apps/api/media/demo, which the API serves
 * under /media/demo/ (decision 0041). No dependency: the zip needs only a CRC-32.
 */

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zip stores it. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const WAV_RATE = 8000;

/**
 * A mono 8-bit PCM WAV at 8 kHz playing `notes` (Hz) one after the other, each
 * `secondsPerNote` long with a short fade in and out (no clicks). One second is
 * about 8 KB.
 */
export function wavTone(notes: readonly number[], secondsPerNote: number): Buffer {
  const perNote = Math.round(WAV_RATE * secondsPerNote);
  const fade = Math.round(WAV_RATE * 0.02);
  const samples = Buffer.alloc(perNote * notes.length);
  notes.forEach((frequency, index) => {
    for (let i = 0; i < perNote; i += 1) {
      const envelope = Math.min(1, i / fade, (perNote - 1 - i) / fade);
      const value = Math.sin((2 * Math.PI * frequency * i) / WAV_RATE) * envelope * 0.6;
      samples[index * perNote + i] = Math.round(128 + value * 127);
    }
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(WAV_RATE, 24);
  header.writeUInt32LE(WAV_RATE, 28); // bytes per second (1 byte per sample)
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** 1 January 2026, 00:00, in MS-DOS form: a fixed date keeps the zip's bytes stable. */
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/**
 * The fields a local header (from byte 10) and a central directory header (from byte 12)
 * share, in the same order: time, date, CRC-32, compressed and uncompressed size (equal,
 * since entries are stored) and the name's length.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  crc: number,
  size: number,
  nameLength: number,
): void {
  header.writeUInt16LE(DOS_TIME, at);
  header.writeUInt16LE(DOS_DATE, at + 2);
  header.writeUInt32LE(crc, at + 4);
  header.writeUInt32LE(size, at + 8);
  header.writeUInt32LE(size, at + 12);
  header.writeUInt16LE(nameLength, at + 16);
}

/**
 * A zip whose entries are stored, not compressed (method 0): local headers, the
 * central directory and its end record (APPNOTE 4.3). ASCII names only.
 */
export function storedZip(entries: readonly { name: string; bytes: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'ascii');
    const crc = crc32(entry.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4); // version needed: 1.0
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(0, 8); // stored
    writeEntryFields(local, 10, crc, entry.bytes.length, name.length);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, entry.bytes);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0
    header.writeUInt16LE(10, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(0, 10);
    writeEntryFields(header, 12, crc, entry.bytes.length, name.length);
    // extra, comment, disk number, internal and external attributes: 0
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + entry.bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A PDF string literal: backslash and parentheses escaped; Latin-1 bytes (WinAnsi). */
function pdfText(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A one-page A4 PDF 1.4 with a title and lines of text in Helvetica (WinAnsi, so
 * Spanish accents print), with a correct cross-reference table.
 */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const body = [
    'BT',
    '/F1 20 Tf',
    '72 760 Td',
    `${pdfText(title)} Tj`,
    '/F1 12 Tf',
    '0 -34 Td',
    ...lines.flatMap((line) => (line ? [`${pdfText(line)} Tj`, '0 -18 Td'] : ['0 -18 Td'])),
    'ET',
  ].join('\n');
  const stream = Buffer.from(body, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfText(title)} /Producer (Taquilla) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\n`;
  pdf += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
