//! Durable file primitives: atomic replace (temp + fsync + rename + fsync of the folder),
//! setting a file aside under a new name, and reading regular files with a size limit.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use chrono::Utc;

use super::faults;

/// Makes a directory entry change (create, rename, remove) durable.
pub fn fsync_dir(dir: &Path) -> io::Result<()> {
    // On Windows a directory cannot be opened for sync; NTFS journals metadata itself.
    faults::check()?;
    if cfg!(unix) {
        File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// Replaces `path` with `bytes` so that a crash leaves either the old file or the new one,
/// never a mix: write a temp file in the same folder, fsync it, rename it over, fsync the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |file| faults::write_all(file, bytes))
}

/// [`write_atomic`] for a file written piece by piece (a backup, one game at a time): `write`
/// fills the temp file; only when it succeeds does the file replace `path`.
pub fn write_atomic_with<T>(
    path: &Path,
    write: impl FnOnce(&mut io::BufWriter<File>) -> io::Result<T>,
) -> io::Result<T> {
    write_atomic_as(path, false, write)
}

/// Writes a file the user chose (an export, a shared profile). A regular file, new or old, is
/// replaced atomically, as [`write_atomic_with`] does; through a symlink of the user's own,
/// the file it points to is, and the link stays. Anything else that is there already
/// (`/dev/null`, `/dev/stdout`, a FIFO a script reads) is written into as it is: renaming over
/// it would replace the device or the pipe with a plain file, which for root means deleting
/// `/dev/null`. A folder and a disk (a block device) are refused.
pub fn write_chosen_with<T>(
    path: &Path,
    write: impl FnOnce(&mut io::BufWriter<File>) -> io::Result<T>,
) -> io::Result<T> {
    let link = fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.file_type().is_symlink());
    // Another user's link (one left in a shared /tmp) is never followed: it is replaced like
    // any other file, which a sticky folder refuses, so it cannot aim an export at our files.
    let followed = link.as_ref().is_some_and(own_link);
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "that is a folder",
        )),
        Ok(meta) if is_disk(&meta) => Err(a_disk()),
        Ok(meta) if !meta.is_file() && (link.is_none() || followed) => {
            // Checked again on what was opened: a file put there since is replaced atomically.
            let file = OpenOptions::new().write(true).open(path)?;
            let opened = file.metadata()?;
            if opened.is_file() {
                drop(file);
                return write_atomic_with(path, write);
            }
            if is_disk(&opened) {
                return Err(a_disk());
            }
            let mut buffered = io::BufWriter::new(file);
            let value = write(&mut buffered)?;
            io::Write::flush(&mut buffered)?;
            Ok(value)
        }
        Ok(_) if followed => write_atomic_with(&fs::canonicalize(path)?, write),
        // Our own link to a file not made yet: the file is made where it points, and the link
        // stays (not where the link points to another link: that one would be replaced).
        Err(error) if followed && error.kind() == io::ErrorKind::NotFound => {
            let target = fs::read_link(path)?;
            let target = path.parent().unwrap_or(Path::new(".")).join(target);
            match fs::symlink_metadata(&target) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => write_atomic_with(&target, write),
                _ => write_atomic_with(path, write),
            }
        }
        _ => write_atomic_with(path, write),
    }
}

/// Whether a link is this user's own (on Linux; elsewhere no link is followed, it is replaced).
fn own_link(link: &fs::Metadata) -> bool {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        link.uid() == unsafe { libc::geteuid() }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = link;
        false
    }
}

/// Why an export is not written over a disk.
fn a_disk() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, "that is a whole disk")
}

/// A block device (a whole disk or a partition): an export is never written over one.
fn is_disk(meta: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        meta.file_type().is_block_device()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// [`write_chosen_with`] for bytes already made.
pub fn write_chosen(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_chosen_with(path, |file| faults::write_all(file, bytes))
}

/// [`write_atomic`] for a secret (the phones' key): the file is readable and writable by this
/// user only (0600 on Unix) from the moment it is created, never for a moment by others.
pub fn write_atomic_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_as(path, true, |file| faults::write_all(file, bytes))
}

/// Makes an existing file readable and writable by this user only (0600 on Unix).
pub fn make_private(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(path)?.permissions().mode() & 0o777;
        if mode != 0o600 {
            fs::set_permissions(path, fs::Permissions::from_mode(0o600))?;
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

fn write_atomic_as<T>(
    path: &Path,
    private: bool,
    write: impl FnOnce(&mut io::BufWriter<File>) -> io::Result<T>,
) -> io::Result<T> {
    // A bare file name (backup.json) has an empty parent: the folder is the current one.
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(temp_name(&name));
    // An export outside the data directory is not swept when the app opens: the temp file a
    // killed write of this same file left beside it goes now (best-effort: the new write does
    // not depend on it).
    if !faults::crashed() {
        remove_stale_temps_of(dir, &name);
    }
    let written = (|| {
        faults::check()?;
        // Always a new file (O_CREAT | O_EXCL): a link or a FIFO planted at the name, in a
        // folder another user can write to, is refused, never followed or opened.
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        let file = options.open(&temp)?;
        let mut buffered = io::BufWriter::new(file);
        let value = write(&mut buffered)?;
        let file = buffered.into_inner().map_err(|e| e.into_error())?;
        faults::check()?;
        file.sync_all()?;
        faults::check()?;
        fs::rename(&temp, path)?;
        Ok(value)
    })();
    match written {
        Ok(value) => {
            fsync_dir(dir)?;
            Ok(value)
        }
        Err(e) => {
            // A full disk or an I/O error: the old file is untouched; leave no half-written temp
            // (a crashed process cannot: the next open of the data directory clears it).
            if faults::check().is_ok() {
                let _ = fs::remove_file(&temp);
            }
            Err(e)
        }
    }
}

/// Creates `path` (which must not exist) holding `bytes`, without syncing: for a batch of new
/// files made durable together by [`sync_batch`] before anything refers to them. No temp file
/// and rename: there is no old file to protect, and on this kind of disk a create + rename cost
/// over ten times a plain create (a 10k-game import: 3.8 s against 0.3 s). A failed write
/// removes the partial file.
pub fn write_new_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    faults::check()?;
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    if let Err(e) = faults::write_all(&mut file, bytes) {
        drop(file);
        if faults::check().is_ok() {
            let _ = fs::remove_file(path);
        }
        return Err(e);
    }
    Ok(())
}

/// Makes `files` (written by [`write_new_unsynced`] into `dir`) and their names in `dir`
/// durable. On Linux one `syncfs` covers them all; elsewhere each file is synced.
pub fn sync_batch(dir: &Path, files: &[PathBuf]) -> io::Result<()> {
    faults::check()?;
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let _ = files;
        let folder = File::open(dir)?;
        // SAFETY: syncfs takes any open descriptor of the file system; `folder` outlives the call.
        if unsafe { libc::syncfs(folder.as_raw_fd()) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }
    #[cfg(not(target_os = "linux"))]
    {
        for file in files {
            File::open(file)?.sync_all()?;
        }
        fsync_dir(dir)
    }
}

/// The suffix of [`write_atomic`]'s temp files: one a killed process left behind is removed by
/// [`remove_stale_temps`] when the data directory is next opened.
pub const TEMP_SUFFIX: &str = ".tmp";

/// How old a temp file in a shared history folder must be before it is taken for one a killed
/// write left behind, when the process named in it is running (another copy of the app on this
/// computer, writing into the same shared folder from another data directory, may be writing
/// it right now).
pub const SHARED_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// A temp file's name beside the file `name`: the writer's process id, for the sweep of what
/// a killed write left, and 64 random bits, so that nobody can plant a link at the name ahead
/// of the write (`.<name>.<pid>-<16 hex digits>.tmp`).
fn temp_name(name: &str) -> String {
    let (pid, random) = (std::process::id(), rand::random::<u64>());
    format!(".{name}.{pid}-{random:016x}{TEMP_SUFFIX}")
}

/// The process id in one of [`write_atomic`]'s temp file names (`.<name>.<pid>-<random>.tmp`,
/// or `.<name>.<pid>.tmp` as versions before the random part wrote them); `None` for any other
/// file (a sync engine's own temp files, Syncthing's `.syncthing.<name>.tmp`, have no digits
/// before `.tmp`).
fn temp_writer(name: &str) -> Option<u32> {
    let stem = name.strip_prefix('.')?.strip_suffix(TEMP_SUFFIX)?;
    let (_, tail) = stem.rsplit_once('.')?;
    let pid = match tail.split_once('-') {
        Some((pid, random))
            if random.len() == 16 && random.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            pid
        }
        Some(_) => return None,
        None => tail,
    };
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Is another process with this id running on this computer?
fn is_other_process_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 only checks that the process exists; nothing is sent.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        alive || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        true // unknown: only the age decides
    }
}

/// Removes the temp files of `name` in `dir` that a killed write left: those of a process that
/// is no longer running (where that cannot be known, those over [`SHARED_TEMP_AGE`] old).
fn remove_stale_temps_of(dir: &Path, name: &str) {
    let Ok(files) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    for file in files.flatten() {
        let file_name = file.file_name().to_string_lossy().into_owned();
        if !file_name.starts_with(&prefix) {
            continue;
        }
        let Some(pid) = temp_writer(&file_name) else {
            continue;
        };
        // The writer's own id (and random part) in the name, not a longer name that starts
        // like this one.
        let tail = (file_name.strip_prefix(&prefix)).and_then(|t| t.strip_suffix(TEMP_SUFFIX));
        if tail.is_none_or(|tail| tail.contains('.')) || pid == std::process::id() {
            continue;
        }
        let stale = if cfg!(unix) {
            !is_other_process_running(pid)
        } else {
            file.metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|modified| modified.elapsed().ok())
                .is_some_and(|age| age >= SHARED_TEMP_AGE)
        };
        if stale && file.path().is_file() {
            let _ = fs::remove_file(file.path());
        }
    }
}

/// Removes temp files a killed or failed write left in `dir` (not recursive). The holder of the
/// data directory's lock calls this, so no other writer of this data directory has a temp file
/// in flight. In a `shared` folder (the history, which other copies of the app may write from
/// other data directories) a temp file of a running process is left alone until it is
/// [`SHARED_TEMP_AGE`] old.
pub fn remove_stale_temps(dir: &Path, shared: bool) -> io::Result<usize> {
    let mut removed = 0;
    let Ok(files) = fs::read_dir(dir) else {
        return Ok(0);
    };
    for file in files.flatten() {
        let name = file.file_name().to_string_lossy().into_owned();
        let Some(pid) = temp_writer(&name) else {
            continue;
        };
        if !file.path().is_file() {
            continue;
        }
        if shared && is_other_process_running(pid) {
            let age = file
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|modified| modified.elapsed().ok());
            if age.is_none_or(|age| age < SHARED_TEMP_AGE) {
                continue;
            }
        }
        faults::check()?;
        fs::remove_file(file.path())?;
        removed += 1;
    }
    if removed > 0 {
        fsync_dir(dir)?;
    }
    Ok(removed)
}

/// Copies a file into `damaged_dir` under a new, unused name, and syncs the copy; the original
/// stays where it is, so a crash at any point leaves it in place.
pub fn copy_aside(path: &Path, damaged_dir: &Path) -> io::Result<PathBuf> {
    let target = aside_target(path, damaged_dir)?;
    let temp = damaged_dir.join(temp_name("copy"));
    let copied = (|| {
        faults::check()?;
        fs::copy(path, &temp)?;
        faults::check()?;
        File::open(&temp)?.sync_all()?;
        faults::check()?;
        fs::rename(&temp, &target)
    })();
    if let Err(e) = copied {
        if faults::check().is_ok() {
            let _ = fs::remove_file(&temp);
        }
        return Err(e);
    }
    fsync_dir(damaged_dir)?;
    Ok(target)
}

/// [`copy_aside`], unless a copy of `path` with the same bytes is already there (a damaged file
/// read again and again by the command line, which does not repair it, is kept once).
pub fn copy_aside_once(path: &Path, damaged_dir: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let size = fs::metadata(path)?.len();
    let same = |kept: &Path| {
        fs::metadata(kept).is_ok_and(|m| m.len() == size)
            && fs::read(kept).ok() == fs::read(path).ok()
    };
    if let Some(kept) = fs::read_dir(damaged_dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|f| f.path())
        .find(|kept| {
            kept.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(&format!("-{name}")))
                && same(kept)
        })
    {
        return Ok(kept);
    }
    copy_aside(path, damaged_dir)
}

/// A new, unused name in `damaged_dir` for `path`: a time stamp, then its own name.
fn aside_target(path: &Path, damaged_dir: &Path) -> io::Result<PathBuf> {
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
    Ok(target)
}

/// Moves a file into `damaged_dir` under a new, unused name, keeping every byte of it.
pub fn set_aside(path: &Path, damaged_dir: &Path) -> io::Result<PathBuf> {
    let target = aside_target(path, damaged_dir)?;
    faults::check()?;
    fs::rename(path, &target)?;
    if let Some(dir) = path.parent() {
        fsync_dir(dir)?;
    }
    fsync_dir(damaged_dir)?;
    Ok(target)
}

/// Opens a regular file for reading; anything else (a FIFO that would block forever, a device
/// like `/dev/zero` that never ends, a folder) is refused before it is opened.
pub fn open_regular(path: &Path) -> io::Result<File> {
    if !fs::metadata(path)?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        ));
    }
    File::open(path)
}

/// Reads a whole regular file, refusing it before reading if it is larger than `limit` bytes.
///
/// Only regular files: a FIFO would block forever (holding the data directory's lock) and
/// `/dev/zero` reports size 0 and never ends. The read itself stops past `limit` too, in case
/// the file grows while it is read.
pub fn read_limited(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let metadata = file.metadata()?;
    let too_large = |size: u64| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is {size} bytes; the limit is {limit}", path.display()),
        )
    };
    if metadata.len() > limit {
        return Err(too_large(metadata.len()));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// [`read_limited`], as UTF-8 text.
pub fn read_limited_text(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_limited(path, limit)?)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}
