//! The 320 px JPEG thumbnail of a capture, from the pixels the transcode just unfiltered: an area average (each
//! output pixel the mean of the input area it covers, in sRGB values as libvips resizes), a transparent capture
//! composited on white as a viewer shows it, JPEG at the caller's quality (encode-outputs.ts THUMBNAIL_JPEG, every
//! engine's thumbnail) with 4:2:0 chroma and the standard Huffman tables, as THUMBNAIL_JPEG asks of libvips.

use jpeg_encoder::{ColorType, Encoder};

/// The width and height of a thumbnail `wanted` wide, never wider than the image; the height keeps the aspect.
fn size(width: usize, height: usize, wanted: usize) -> (usize, usize) {
    let w = wanted.clamp(1, width);
    let h = ((height * w) as f64 / width as f64).round().max(1.0) as usize;
    (w, h)
}

/// For each output index, the first input index it covers and the share of each input pixel from there on.
fn spans(input: usize, output: usize) -> Vec<(usize, Vec<f32>)> {
    let scale = input as f64 / output as f64;
    (0..output)
        .map(|o| {
            let (from, to) = (o as f64 * scale, ((o + 1) as f64 * scale).min(input as f64));
            let first = from.floor() as usize;
            let last = (to.ceil() as usize).clamp(first + 1, input);
            let weights = (first..last).map(|i| ((to.min(i as f64 + 1.0) - from.max(i as f64)) / scale) as f32).collect();
            (first, weights)
        })
        .collect()
}

/// `rows` holds `height` rows of `stride + 1` bytes, the first of each a filter byte (skipped). Each output row sums
/// the input rows it covers (whole rows at a time, which vectorises) and is then averaged across.
pub fn thumbnail(rows: &[u8], width: usize, height: usize, channels: usize, wanted: usize, quality: u8) -> Result<Vec<u8>, String> {
    let (tw, th) = size(width, height, wanted);
    let rgb = match channels {
        4 => average::<4>(rows, width, height, (tw, th)),
        _ => average::<3>(rows, width, height, (tw, th)),
    };
    let mut jpeg = Vec::with_capacity(tw * th / 2);
    Encoder::new(&mut jpeg, quality)
        .encode(&rgb, tw as u16, th as u16, ColorType::Rgb)
        .map_err(|e| format!("thumbnail: {e}"))?;
    Ok(jpeg)
}

/// The area average of `C`-channel rows at (tw, th), as RGB bytes; with alpha, colours are premultiplied while they
/// are summed and the result is composited on white.
fn average<const C: usize>(rows: &[u8], width: usize, height: usize, (tw, th): (usize, usize)) -> Vec<u8> {
    let stride = width * C;
    let xs = spans(width, tw);
    let mut rgb = Vec::with_capacity(tw * th * 3);
    // the premultiplied row, with alpha only
    let mut line = vec![0f32; if C == 4 { stride } else { 0 }];
    let mut tall = vec![0f32; stride];
    for (first, weights) in spans(height, th) {
        tall.fill(0.0);
        for (k, w) in weights.iter().enumerate() {
            let row = &rows[(first + k) * (stride + 1) + 1..(first + k + 1) * (stride + 1)];
            if C == 4 {
                line.chunks_exact_mut(4).zip(row.chunks_exact(4)).for_each(|(l, p)| {
                    let alpha = p[3] as f32 / 255.0;
                    l.copy_from_slice(&[p[0] as f32 * alpha, p[1] as f32 * alpha, p[2] as f32 * alpha, alpha]);
                });
                tall.iter_mut().zip(&line).for_each(|(t, l)| *t += l * w);
            } else {
                tall.iter_mut().zip(row).for_each(|(t, p)| *t += *p as f32 * w);
            }
        }
        for (first, weights) in &xs {
            let mut px = [0f32; C];
            for (tap, w) in tall[first * C..(first + weights.len()) * C].chunks_exact(C).zip(weights) {
                (0..C).for_each(|c| px[c] += tap[c] * w);
            }
            let white = if C == 4 { 255.0 * (1.0 - px[C - 1]) } else { 0.0 };
            // + 0.5 and truncation round a non-negative value; `as` saturates at 0 and 255
            rgb.extend([px[0], px[1], px[2]].map(|c| (c + white + 0.5) as u8));
        }
    }
    rgb
}
