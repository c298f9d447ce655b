//! Durable file primitives: atomic replace (temp + fsync + rename + fsync of the folder),
//! setting a file aside under a new name, and reading with a size limit.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use chrono::Utc;

/// Makes a directory entry change (create, rename, remove) durable.
pub fn fsync_dir(dir: &Path) -> io::Result<()> {
    // On Windows a directory cannot be opened for sync; NTFS journals metadata itself.
    if cfg!(unix) {
        File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// Replaces `path` with `bytes` so that a crash leaves either the old file or the new one,
/// never a mix: write a temp file in the same folder, fsync it, rename it over, fsync the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    fs::rename(&temp, path)?;
    fsync_dir(dir)
}

/// Moves a file into `damaged_dir` under a new, unused name, keeping every byte of it.
pub fn set_aside(path: &Path, damaged_dir: &Path) -> io::Result<PathBuf> {
    fs::create_dir_all(damaged_dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let stamp = Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
    let mut target = damaged_dir.join(format!("{stamp}-{name}"));
    let mut n = 1;
    while target.exists() {
        target = damaged_dir.join(format!("{stamp}-{n}-{name}"));
        n += 1;
    }
    fs::rename(path, &target)?;
    if let Some(dir) = path.parent() {
        fsync_dir(dir)?;
    }
    fsync_dir(damaged_dir)?;
    Ok(target)
}

/// Reads a whole file, refusing it before reading if it is larger than `limit` bytes.
pub fn read_limited(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let size = fs::metadata(path)?.len();
    if size > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is {size} bytes; the limit is {limit}", path.display()),
        ));
    }
    fs::read(path)
}
