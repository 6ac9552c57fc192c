//! A picture staff upload, made fit for the storefront: checked to be a PNG, JPEG or
//! WebP by its own bytes (not by what the upload says it is), its size read from its
//! header before anything is decoded (a small file can claim a gigapixel: it is refused
//! without a byte of it unpacked), then decoded within fixed bounds, turned upright as
//! its EXIF says, scaled to fit the largest size the storefront shows, and written again
//! as WebP: EXIF, colour profiles and anything else the file carried are left behind.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

/// The largest upload: 10 MB.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// The longest side a picture may have, and the most pixels (40 megapixels: a phone's
/// camera makes fewer). Both are read from the header, before decoding.
pub const MAX_SIDE: u32 = 12_000;
pub const MAX_PIXELS: u64 = 40_000_000;
/// The storefront shows a product's picture at most 256 CSS pixels wide (the product
/// page and the cards); kept at twice that for screens of two device pixels a CSS pixel.
pub const STORED_SIDE: u32 = 512;
/// WebP quality: photos at 80 look like the original at a quarter of PNG's size.
const QUALITY: f32 = 80.0;
/// How many pictures a product may have.
pub const MAX_PER_PRODUCT: usize = 12;

/// Why an upload was refused, each with the status it answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureProblem {
    /// 413: more than [`MAX_BYTES`], or more pixels than [`MAX_PIXELS`].
    TooLarge(String),
    /// 415: not a PNG, JPEG or WebP by its bytes.
    NotAPicture,
    /// 400: a PNG, JPEG or WebP that cannot be read.
    Unreadable,
}

impl PictureProblem {
    pub fn message(&self) -> String {
        match self {
            PictureProblem::TooLarge(why) => why.clone(),
            PictureProblem::NotAPicture => "file: the file is not a PNG, JPEG or WebP picture.".into(),
            PictureProblem::Unreadable => "file: the picture is damaged or cannot be read.".into(),
        }
    }
}

/// A picture ready to store: WebP bytes and the size they show.
#[derive(Debug, Clone)]
pub struct StoredPicture {
    pub webp: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Checks `bytes` and makes the picture the store keeps. CPU work: call it off the
/// server's async threads.
pub fn prepare(bytes: &[u8]) -> Result<StoredPicture, PictureProblem> {
    if bytes.len() > MAX_BYTES {
        return Err(too_many_bytes());
    }
    let format = image::guess_format(bytes).map_err(|_| PictureProblem::NotAPicture)?;
    if !matches!(format, ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP) {
        return Err(PictureProblem::NotAPicture);
    }
    let reader = || {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        reader.limits(limits());
        reader
    };
    // The header alone: a decompression bomb stops here.
    let (width, height) = reader().into_dimensions().map_err(refusal)?;
    check_size(width, height)?;
    let mut decoder = reader().into_decoder().map_err(refusal)?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    picture.apply_orientation(orientation);
    let fitted = if picture.width() > STORED_SIDE || picture.height() > STORED_SIDE {
        picture.resize(STORED_SIDE, STORED_SIDE, image::imageops::FilterType::Lanczos3)
    } else {
        picture
    };
    let rgba = fitted.to_rgba8();
    let (width, height) = rgba.dimensions();
    let webp = webp::Encoder::from_rgba(rgba.as_raw(), width, height).encode(QUALITY).to_vec();
    Ok(StoredPicture { webp, width, height })
}

/// A picture past the bounds is too large; anything else the decoder refuses, unreadable.
fn refusal(error: image::ImageError) -> PictureProblem {
    match error {
        image::ImageError::Limits(_) => too_many_pixels(),
        _ => PictureProblem::Unreadable,
    }
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // Four bytes a pixel of the largest picture allowed, and room for the decoder's own.
    limits.max_alloc = Some(MAX_PIXELS * 4 + 64 * 1024 * 1024);
    limits
}

fn check_size(width: u32, height: u32) -> Result<(), PictureProblem> {
    if width == 0 || height == 0 {
        return Err(PictureProblem::Unreadable);
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(too_many_pixels());
    }
    Ok(())
}

/// More than [`MAX_BYTES`]: refused before the rest is read.
pub fn too_many_bytes() -> PictureProblem {
    PictureProblem::TooLarge(format!("file: a picture may be at most {} MB.", MAX_BYTES / (1024 * 1024)))
}

fn too_many_pixels() -> PictureProblem {
    PictureProblem::TooLarge(format!(
        "file: a picture may be at most {} megapixels and {MAX_SIDE} pixels a side.",
        MAX_PIXELS / 1_000_000
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        let mut out = Cursor::new(Vec::new());
        picture.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_large_png_becomes_a_webp_that_fits_the_storefront() {
        let stored = prepare(&png(1600, 800)).unwrap();
        assert_eq!((stored.width, stored.height), (512, 256));
        assert_eq!(image::guess_format(&stored.webp).unwrap(), ImageFormat::WebP);
        let back = image::load_from_memory(&stored.webp).unwrap();
        assert_eq!((back.width(), back.height()), (512, 256));
    }

    #[test]
    fn a_small_picture_keeps_its_size() {
        let stored = prepare(&png(64, 48)).unwrap();
        assert_eq!((stored.width, stored.height), (64, 48));
    }

    #[test]
    fn text_and_gifs_are_not_pictures_here() {
        assert_eq!(prepare(b"id,sku,name\n1,MKT-1,Shoe").unwrap_err(), PictureProblem::NotAPicture);
        assert_eq!(prepare(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;").unwrap_err(), PictureProblem::NotAPicture);
    }

    #[test]
    fn a_truncated_png_is_unreadable() {
        let whole = png(100, 100);
        assert_eq!(prepare(&whole[..whole.len() / 2]).unwrap_err(), PictureProblem::Unreadable);
    }

    /// A PNG whose header claims 30,000 × 30,000 pixels (3.6 GB decoded) in a few bytes:
    /// refused from the header, nothing decoded.
    #[test]
    fn a_decompression_bomb_is_refused_from_its_header() {
        let mut bomb = png(1, 1);
        // IHDR's width and height follow the 8-byte signature, the chunk's length and type.
        bomb[16..20].copy_from_slice(&30_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&30_000u32.to_be_bytes());
        // The header's CRC is now wrong: mend it, as a crafted file would.
        let crc = crc32(&bomb[12..29]);
        bomb[29..33].copy_from_slice(&crc.to_be_bytes());
        assert!(matches!(prepare(&bomb).unwrap_err(), PictureProblem::TooLarge(_)));
    }

    #[test]
    fn more_than_ten_megabytes_is_refused_unread() {
        let big = vec![0u8; MAX_BYTES + 1];
        assert!(matches!(prepare(&big).unwrap_err(), PictureProblem::TooLarge(_)));
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
}
