//! Reading a backup one game at a time: memory holds one game, never the file, so a backup of
//! any size the app wrote can be imported (the app's own export of 100k games is over 1 GB).
//!
//! The format and version come first in every backup (the app writes them first) and are
//! checked before the first game is read; a backup that lists games before them is refused.
//! Each game is bounded in bytes while it is read, so one huge game cannot exhaust memory either.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::{self, Read};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};

use chrono::{DateTime, Utc};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{BACKUP_FORMAT, BACKUP_VERSION, BackupSession, ImportError};
use crate::store::fsutil::open_regular;

/// The largest game (summary and event log) a backup may hold, in bytes.
pub const MAX_GAME_BYTES: u64 = 64 * 1024 * 1024;

/// How much of the file is read at once.
const READ_CHUNK: usize = 16 * 1024;

/// What a backup says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupHeader {
    pub version: u32,
    pub exported_at: DateTime<Utc>,
}

/// A backup being read on its own thread into a bounded channel: the reader parses while the
/// importer checks and writes, so an import uses two cores, and memory holds at most the
/// channel's games.
pub struct BackgroundRead {
    /// Each game as it is parsed; an error ends the list. A closed channel: every game was read.
    pub games: Receiver<Result<BackupSession, ImportError>>,
    /// Bytes of the file read so far (for progress), and its size.
    pub read: Arc<AtomicU64>,
    pub size: u64,
}

/// Starts reading the backup at `path` on a thread; `depth` games may wait in the channel.
/// Only a regular file is opened (a FIFO or a device is refused here, at once).
pub fn read_on_thread(path: &std::path::Path, depth: usize) -> io::Result<BackgroundRead> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    let (sender, games) = sync_channel(depth);
    let read = Arc::new(AtomicU64::new(0));
    let shared = Arc::clone(&read);
    let path = path.to_path_buf();
    std::thread::Builder::new()
        .name("backup-read".into())
        .spawn(move || {
            // A game too large to read is refused and the file read again past it: the games
            // before it were sent already, so they are skipped unparsed, as is that game.
            let mut plan = Skip::default();
            let mut file = Some(file);
            loop {
                let Some(reader) = file.take().or_else(|| open_regular(&path).ok()) else {
                    let _ = sender.send(Err(ImportError::NotABackup(format!(
                        "{} could not be opened again",
                        path.display()
                    ))));
                    return;
                };
                let counted = Rc::new(Cell::new(0));
                let mut sent = plan.resume;
                let result = read_backup_skipping(reader, Rc::clone(&counted), &plan, |item| {
                    shared.store(counted.get(), Ordering::Relaxed);
                    sent += 1;
                    // The importer stopped (an error, or the app quit): stop reading.
                    sender
                        .send(item)
                        .map_err(|_| ImportError::NotABackup("the import stopped".into()))
                });
                match result {
                    Err(ImportError::GameTooLarge { number }) if number > plan.resume => {
                        plan.resume = number - 1;
                        plan.too_large.insert(number);
                        debug_assert_eq!(sent, plan.resume);
                    }
                    Err(error) => {
                        let _ = sender.send(Err(error));
                        return;
                    }
                    Ok(_) => return,
                }
            }
        })?;
    Ok(BackgroundRead { games, read, size })
}

/// Counts the bytes read, and refuses to go on once one game has taken more than its share.
struct Counted<R> {
    inner: R,
    read: Rc<Cell<u64>>,
    /// Where the game being read started; `None` outside a game.
    game_start: Rc<Cell<Option<u64>>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let read = self.read.get() + n as u64;
        self.read.set(read);
        if let Some(start) = self.game_start.get()
            && read - start > MAX_GAME_BYTES
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a game in the backup is larger than {MAX_GAME_BYTES} bytes"),
            ));
        }
        Ok(n)
    }
}

/// Reads a backup from `reader`, handing each game to `each` as soon as it is parsed; stops at
/// the first error `each` returns. `read` counts the bytes read so far (for progress), a chunk
/// at a time: the reader is buffered here, so pass it unbuffered. A game larger than
/// [`MAX_GAME_BYTES`] ends the read with [`ImportError::GameTooLarge`] naming it.
pub fn read_backup<R: Read>(
    reader: R,
    read: Rc<Cell<u64>>,
    mut each: impl FnMut(BackupSession) -> Result<(), ImportError>,
) -> Result<BackupHeader, ImportError> {
    read_backup_skipping(reader, read, &Skip::default(), |item| each(item?))
}

/// Which games a read skips unparsed (memory-free, with no size limit): those before `resume`
/// (1-based: games up to it were handed on by an earlier read) silently, and those in
/// `too_large` with a [`ImportError::GameTooLarge`] handed on in their place.
#[derive(Debug, Clone, Default)]
pub struct Skip {
    pub resume: usize,
    pub too_large: std::collections::BTreeSet<usize>,
}

/// [`read_backup`] following `skip`; `each` gets every game or a too-large game's refusal.
pub fn read_backup_skipping<R: Read>(
    reader: R,
    read: Rc<Cell<u64>>,
    skip: &Skip,
    mut each: impl FnMut(Result<BackupSession, ImportError>) -> Result<(), ImportError>,
) -> Result<BackupHeader, ImportError> {
    let game_start = Rc::new(Cell::new(None));
    let counted = Counted {
        inner: reader,
        read: Rc::clone(&read),
        game_start: Rc::clone(&game_start),
    };
    // An error of our own (a newer version, the caller's) travels past serde in this slot.
    let stopped = RefCell::new(None);
    // The buffer sits outside the counter: serde_json reads a byte at a time, and std reads a
    // byte from a `BufReader` without a call through `Read` (counting each byte cost a third
    // of the parse). The count, and so a game's size, is exact to a chunk.
    let buffered = io::BufReader::with_capacity(READ_CHUNK, counted);
    let mut deserializer = serde_json::Deserializer::from_reader(buffered);
    let number = Cell::new(0);
    let top = Top {
        each: &mut each,
        stopped: &stopped,
        game_start: &game_start,
        read: &read,
        skip,
        number: &number,
    };
    let result = top
        .deserialize(&mut deserializer)
        .and_then(|header| deserializer.end().map(|()| header));
    if let Some(error) = stopped.into_inner() {
        return Err(error);
    }
    // The size limit stopped the read inside a game: that game is named.
    if result.is_err()
        && game_start
            .get()
            .is_some_and(|start| read.get() - start > MAX_GAME_BYTES)
    {
        return Err(ImportError::GameTooLarge {
            number: number.get(),
        });
    }
    result.map_err(|e| ImportError::NotABackup(e.to_string()))
}

struct Top<'a, F> {
    each: &'a mut F,
    stopped: &'a RefCell<Option<ImportError>>,
    game_start: &'a Rc<Cell<Option<u64>>>,
    read: &'a Rc<Cell<u64>>,
    skip: &'a Skip,
    /// The number (from 1) of the game being read.
    number: &'a Cell<usize>,
}

impl<'de, F: FnMut(Result<BackupSession, ImportError>) -> Result<(), ImportError>>
    DeserializeSeed<'de> for Top<'_, F>
{
    type Value = BackupHeader;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<BackupHeader, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F: FnMut(Result<BackupSession, ImportError>) -> Result<(), ImportError>> Visitor<'de>
    for Top<'_, F>
{
    type Value = BackupHeader;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tablekeeper backup (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BackupHeader, A::Error> {
        let (mut format, mut version, mut exported_at) = (None::<String>, None::<u32>, None);
        let mut sessions = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "format" => format = Some(map.next_value()?),
                "version" => version = Some(map.next_value()?),
                "exported_at" => exported_at = Some(map.next_value()?),
                "sessions" => {
                    self.check(format.as_deref(), version)?;
                    sessions = true;
                    map.next_value_seed(Games {
                        each: &mut *self.each,
                        stopped: self.stopped,
                        game_start: self.game_start,
                        read: self.read,
                        skip: self.skip,
                        number: self.number,
                    })?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let version = self.check(format.as_deref(), version)?;
        if !sessions {
            return Err(de::Error::missing_field("sessions"));
        }
        let exported_at = exported_at.ok_or_else(|| de::Error::missing_field("exported_at"))?;
        Ok(BackupHeader {
            version,
            exported_at,
        })
    }
}

impl<F> Top<'_, F> {
    /// The format and version, checked before any game is read.
    fn check<E: de::Error>(&self, format: Option<&str>, version: Option<u32>) -> Result<u32, E> {
        let refuse = |error: ImportError| {
            let message = error.to_string();
            *self.stopped.borrow_mut() = Some(error);
            E::custom(message)
        };
        if format != Some(BACKUP_FORMAT) {
            return Err(refuse(ImportError::NotABackup(format!(
                "the format is not \"{BACKUP_FORMAT}\" (or it does not come before the games)"
            ))));
        }
        match version {
            Some(v) if v > BACKUP_VERSION => Err(refuse(ImportError::NewerVersion(v))),
            Some(v) => Ok(v),
            None => Err(refuse(ImportError::NotABackup("no version".into()))),
        }
    }
}

struct Games<'a, F> {
    each: &'a mut F,
    stopped: &'a RefCell<Option<ImportError>>,
    game_start: &'a Rc<Cell<Option<u64>>>,
    read: &'a Rc<Cell<u64>>,
    skip: &'a Skip,
    number: &'a Cell<usize>,
}

impl<'de, F: FnMut(Result<BackupSession, ImportError>) -> Result<(), ImportError>>
    DeserializeSeed<'de> for Games<'_, F>
{
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(Result<BackupSession, ImportError>) -> Result<(), ImportError>> Visitor<'de>
    for Games<'_, F>
{
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of games")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        loop {
            let number = self.number.get() + 1;
            self.number.set(number);
            let item = if number <= self.skip.resume || self.skip.too_large.contains(&number) {
                // Skipped unparsed: no memory, and no size limit.
                self.game_start.set(None);
                if seq.next_element::<IgnoredAny>()?.is_none() {
                    break;
                }
                if number <= self.skip.resume {
                    continue;
                }
                Err(ImportError::GameTooLarge { number })
            } else {
                self.game_start.set(Some(self.read.get()));
                let Some(game) = seq.next_element::<BackupSession>()? else {
                    break;
                };
                Ok(game)
            };
            self.game_start.set(None);
            if let Err(error) = (self.each)(item) {
                let message = error.to_string();
                *self.stopped.borrow_mut() = Some(error);
                return Err(de::Error::custom(message));
            }
        }
        self.game_start.set(None);
        Ok(())
    }
}
