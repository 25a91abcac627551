// Real picture files for upload tests, made by sharp: a camera-like JPEG and PNG carrying EXIF (orientation, camera,
// GPS position), large pictures, and a "decompression bomb" whose header claims far more pixels than its bytes hold.
import sharp from 'sharp';

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 27/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 29/1' };

/** A picture of `width` × `height` in `format`, with an EXIF block (camera, GPS) and the EXIF `orientation` given. */
export async function photo(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  opts: { width?: number; height?: number; orientation?: number; colour?: string } = {},
): Promise<Buffer> {
  const { width = 300, height = 200, orientation = 1, colour = '#c8102e' } = opts;
  let img = sharp({ create: { width, height, channels: 3, background: colour } })
    // A half-and-half picture, so a rotation shows in the output's pixels as well as in its size.
    .composite([{ input: { create: { width: Math.ceil(width / 2), height, channels: 3, background: '#1b5fc1' } }, left: 0, top: 0 }]);
  if (format !== 'gif') img = img.withMetadata({ orientation }).withExifMerge({ IFD0: { Make: 'MallCam', Model: 'T1' }, IFD3: GPS });
  return img[format]().toBuffer();
}

/** A picture with noise, so it stays large once compressed (about `width × height × 3` bytes as PNG). */
export async function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Whether an EXIF block holds a GPS section (the GPS IFD pointer tag 0x8825, in either byte order). */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a real, tiny PNG whose header (IHDR, with a valid checksum) says `side` × `side` pixels.
 * A decoder that trusted it would try to allocate side² × 3 bytes.
 */
export async function pngBomb(side = 100_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), ...(5), CRC (4).
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
