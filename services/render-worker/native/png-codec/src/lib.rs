//! The stored PNG of a Chromium image, from Chromium's fast capture in one pass.
//!
//! Chromium's fast PNG (`optimizeForSpeed`) is zlib level 1 over Up-filtered rows, about 2.2x the size of its default
//! encoder's file; its default encoder costs about 130 ms more of Chromium's CPU on a 1080x1080 card. The worker
//! therefore re-compresses the fast capture. libvips did it in three steps (decode 17 ms, PNG at zlib level 3 20 ms on
//! the card); here libdeflate inflates the IDAT, the rows are unfiltered in place, and libdeflate compresses them
//! again with filter None, which on rendered templates (flat colour, text, a photo) packs as well as zlib's level 3 in
//! about half its time (bench/README.md, "Where a Chromium image's worker CPU goes"). The thumbnail is scaled from the
//! same unfiltered rows (thumbnail.rs), so no pixel leaves this module.
//!
//! Only what Chromium writes is taken: 8-bit RGB or RGBA, not interlaced, no colour chunks. Anything else answers
//! `null` and the caller decodes it with libvips, which handles every PNG.
#![deny(clippy::all)]

mod thumbnail;

use libdeflater::{CompressionLvl, Compressor, Crc, Decompressor};
use napi::bindgen_prelude::{AsyncTask, Buffer};
use napi::{Env, Error, Status, Task};
use napi_derive::napi;

const SIGNATURE: [u8; 8] = [137, 80, 78, 71, 13, 10, 26, 10];
/// Chunks that change no pixel; any other ancillary chunk (colour profiles, gamma, transparency) sends the file to
/// libvips.
const HARMLESS: [&[u8; 4]; 5] = [b"pHYs", b"tEXt", b"zTXt", b"iTXt", b"tIME"];
/// The pHYs chunk libvips writes for a raster without a resolution (1 pixel per millimetre), which the native
/// engine's PNGs carry: both engines' files have the same chunks.
const PHYS: [u8; 9] = [0, 0, 3, 232, 0, 0, 3, 232, 1];

pub struct Header {
    width: usize,
    height: usize,
    channels: usize,
}

/// The header and the concatenated IDAT of a PNG this module takes, or None.
fn read_chunks(png: &[u8]) -> Option<(Header, Vec<u8>)> {
    if png.len() < 8 || png[..8] != SIGNATURE {
        return None;
    }
    let (mut at, mut header, mut idat) = (8usize, None, Vec::with_capacity(png.len()));
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().ok()?) as usize;
        let kind: [u8; 4] = png[at + 4..at + 8].try_into().ok()?;
        let data = png.get(at + 8..at + 8 + len)?;
        match &kind {
            b"IHDR" => header = Some(read_header(data)?),
            b"IDAT" => idat.extend_from_slice(data),
            b"IEND" => return header.map(|h| (h, idat)),
            other if HARMLESS.contains(&other) => {}
            _ => return None,
        }
        at += 12 + len;
    }
    None
}

fn read_header(data: &[u8]) -> Option<Header> {
    if data.len() != 13 || data[8] != 8 || data[10] != 0 || data[11] != 0 || data[12] != 0 {
        return None;
    }
    let channels = match data[9] {
        2 => 3,
        6 => 4,
        _ => return None,
    };
    let width = u32::from_be_bytes(data[0..4].try_into().ok()?) as usize;
    let height = u32::from_be_bytes(data[4..8].try_into().ok()?) as usize;
    (width > 0 && height > 0).then_some(Header { width, height, channels })
}

/// Undoes the five PNG filters row by row, in place, leaving each row's filter byte 0 (None): the buffer is then
/// both the pixels (rows at stride + 1) and the input of a filter-None IDAT.
fn unfilter(rows: &mut [u8], h: &Header) -> Result<(), String> {
    let stride = h.width * h.channels;
    let bpp = h.channels;
    for y in 0..h.height {
        let (done, rest) = rows.split_at_mut(y * (stride + 1));
        let prev: &[u8] = if y == 0 { &[] } else { &done[done.len() - stride..] };
        let (kind, row) = rest[..stride + 1].split_first_mut().expect("a row has its filter byte");
        match *kind {
            0 => {}
            1 => (bpp..stride).for_each(|i| row[i] = row[i].wrapping_add(row[i - bpp])),
            2 if y > 0 => row.iter_mut().zip(prev).for_each(|(x, b)| *x = x.wrapping_add(*b)),
            2 => {}
            3 => (0..stride).for_each(|i| {
                let a = if i >= bpp { row[i - bpp] as u16 } else { 0 };
                let b = if y > 0 { prev[i] as u16 } else { 0 };
                row[i] = row[i].wrapping_add(((a + b) / 2) as u8);
            }),
            4 => (0..stride).for_each(|i| {
                let a = if i >= bpp { row[i - bpp] } else { 0 };
                let b = if y > 0 { prev[i] } else { 0 };
                let c = if y > 0 && i >= bpp { prev[i - bpp] } else { 0 };
                row[i] = row[i].wrapping_add(paeth(a, b, c));
            }),
            other => return Err(format!("row {y} has filter type {other}")),
        }
        *kind = 0;
    }
    Ok(())
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = a as i16 + b as i16 - c as i16;
    let (pa, pb, pc) = ((p - a as i16).abs(), (p - b as i16).abs(), (p - c as i16).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

fn push_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = Crc::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

pub struct Transcoded {
    png: Vec<u8>,
    thumbnail: Vec<u8>,
    header: Header,
}

fn transcode(input: &[u8], level: i32, thumb: &Thumbnail) -> Result<Option<Transcoded>, String> {
    let Some((header, idat)) = read_chunks(input) else { return Ok(None) };
    let stride = header.width * header.channels;
    let mut rows = vec![0u8; header.height * (stride + 1)];
    let size = Decompressor::new().zlib_decompress(&idat, &mut rows).map_err(|e| format!("inflate: {e:?}"))?;
    if size != rows.len() {
        return Err(format!("the IDAT holds {size} bytes, the header needs {}", rows.len()));
    }
    unfilter(&mut rows, &header)?;
    let lvl = CompressionLvl::new(level).map_err(|_| format!("compression level {level} is not 0-12"))?;
    let mut compressor = Compressor::new(lvl);
    let mut deflated = vec![0u8; compressor.zlib_compress_bound(rows.len())];
    let n = compressor.zlib_compress(&rows, &mut deflated).map_err(|e| format!("deflate: {e:?}"))?;
    let mut png = Vec::with_capacity(n + 64);
    png.extend_from_slice(&SIGNATURE);
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&(header.width as u32).to_be_bytes());
    ihdr.extend_from_slice(&(header.height as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, if header.channels == 4 { 6 } else { 2 }, 0, 0, 0]);
    push_chunk(&mut png, b"IHDR", &ihdr);
    push_chunk(&mut png, b"pHYs", &PHYS);
    push_chunk(&mut png, b"IDAT", &deflated[..n]);
    push_chunk(&mut png, b"IEND", &[]);
    let thumbnail = thumbnail::thumbnail(&rows, header.width, header.height, header.channels, thumb.width as usize, thumb.quality)?;
    Ok(Some(Transcoded { png, thumbnail, header }))
}

/// What `transcodePng` resolves to.
#[napi(object)]
pub struct TranscodedPng {
    /// The PNG to store: filter None, libdeflate at the given level, IHDR + pHYs + one IDAT + IEND.
    pub png: Buffer,
    /// The JPEG thumbnail as asked (never wider than the image), on white.
    pub thumbnail: Buffer,
    pub width: u32,
    pub height: u32,
    pub channels: u32,
}

/// The thumbnail `transcodePng` draws: its width at most and its JPEG quality (1-100).
#[napi(object)]
pub struct Thumbnail {
    pub width: u32,
    pub quality: u8,
}

pub struct TranscodeTask {
    input: Vec<u8>,
    level: i32,
    thumbnail: Thumbnail,
}

impl Task for TranscodeTask {
    type Output = Option<Transcoded>;
    type JsValue = Option<TranscodedPng>;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        transcode(&self.input, self.level, &self.thumbnail).map_err(|reason| Error::new(Status::InvalidArg, reason))
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        Ok(output.map(|t| TranscodedPng {
            width: t.header.width as u32,
            height: t.header.height as u32,
            channels: t.header.channels as u32,
            png: t.png.into(),
            thumbnail: t.thumbnail.into(),
        }))
    }
}

/// Re-compresses an 8-bit RGB(A) PNG and draws its thumbnail on libuv's thread pool; resolves to null for a PNG it
/// does not take (see the module comment) and rejects a corrupt one.
#[napi(ts_return_type = "Promise<TranscodedPng | null>")]
pub fn transcode_png(input: Buffer, level: i32, thumbnail: Thumbnail) -> AsyncTask<TranscodeTask> {
    AsyncTask::new(TranscodeTask { input: input.to_vec(), level, thumbnail })
}
