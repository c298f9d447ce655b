//! The app icon, drawn in code (a green table with a gold egg), so the window needs no image
//! decoder; `assets/icon.png` is the same picture, written by `cargo run --example write_icon`.

pub const SIZE: u32 = 64;

/// The icon as RGBA pixels, row by row, at the window's size.
pub fn rgba() -> Vec<u8> {
    rgba_sized(SIZE)
}

/// The icon as RGBA pixels at `size` × `size` (the desktop's icon theme asks for several): the
/// picture is drawn on a 64-unit grid, each pixel the colour at its centre.
pub fn rgba_sized(size: u32) -> Vec<u8> {
    let scale = 64.0 / size as f32;
    let mut pixels = Vec::with_capacity((size * size * 4) as usize);
    let c = 32.0;
    for y in 0..size {
        for x in 0..size {
            let (fx, fy) = ((x as f32 + 0.5) * scale - c, (y as f32 + 0.5) * scale - c);
            let table = fx * fx + fy * fy <= 30.0 * 30.0;
            // An egg: an ellipse a little narrower at the top.
            let (ex, ey) = (
                fx / 11.0,
                (fy + 2.0) / (if fy < -2.0 { 15.0 } else { 13.0 }),
            );
            let egg = ex * ex + ey * ey <= 1.0;
            let pixel = if egg {
                [0xf3, 0xc6, 0x3f, 0xff]
            } else if table {
                [0x2f, 0x7d, 0x4a, 0xff]
            } else {
                [0, 0, 0, 0]
            };
            pixels.extend_from_slice(&pixel);
        }
    }
    pixels
}

/// The icon as a PNG file (uncompressed deflate blocks; no image library needed).
pub fn png() -> Vec<u8> {
    png_sized(SIZE)
}

/// [`png`] at `size` × `size`.
pub fn png_sized(size: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32(&out[start..]);
        out.extend_from_slice(&crc.to_be_bytes());
    }
    let rgba = rgba_sized(size);
    let mut raw = Vec::new();
    for row in rgba.chunks((size * 4) as usize) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    // zlib stream of stored blocks.
    let mut zlib = vec![0x78, 0x01];
    for (i, block) in raw.chunks(65_535).enumerate() {
        let last = (i + 1) * 65_535 >= raw.len();
        zlib.push(u8::from(last));
        zlib.extend_from_slice(&(block.len() as u16).to_le_bytes());
        zlib.extend_from_slice(&(!(block.len() as u16)).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    let adler = raw.iter().fold((1u32, 0u32), |(a, b), &x| {
        let a = (a + u32::from(x)) % 65_521;
        (a, (b + a) % 65_521)
    });
    zlib.extend_from_slice(&((adler.1 << 16) | adler.0).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&size.to_be_bytes());
    header.extend_from_slice(&size.to_be_bytes());
    header.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_shipped_icon_file_is_the_drawn_icon() {
        let shipped =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/icon.png")).unwrap();
        assert_eq!(
            shipped,
            super::png(),
            "regenerate with `cargo run --example write_icon`"
        );
    }
}
