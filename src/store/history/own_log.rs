//! This device's log in the history: records appended and synced (a failed append is cut back,
//! so later lines are whole), the log rewritten after damage, and compacted.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::PathBuf;

use super::merge::{ReadLog, read_log};
use super::{History, HistoryError};
use crate::session::summary::HistoryEntry;
use crate::store::fsutil::write_atomic;
use crate::store::index::{HISTORY_FORMAT, HISTORY_VERSION, IndexHeader, IndexOp};

/// The one log this copy writes.
#[derive(Debug)]
pub(super) struct OwnLog {
    pub(super) path: PathBuf,
    /// Open for appending; `None` until the first write when there is no log yet.
    pub(super) writer: Option<File>,
}

impl History {
    /// Rewrites this device's log without the records later ones of its own make moot (a
    /// summary listed again, notes written again, a delete undone). Other devices' logs and
    /// every session file stay as they are: a game deleted here may be restored elsewhere.
    pub fn compact(&mut self) -> Result<(), HistoryError> {
        self.require_writable()?;
        let own = self.own.as_ref().expect("writable").path.clone();
        if !own.exists() {
            return Ok(());
        }
        let log = read_log(&own).map_err(|e| self.io(e))?;
        let kept = crate::store::compact::without_moot_records(log.ops);
        self.write_own(&kept).map_err(|e| self.io(e))?;
        self.dead_lines = 0;
        Ok(())
    }

    pub(super) fn compact_if_worth_it(&mut self) -> Result<(), HistoryError> {
        if self.dead_lines > 1000 && self.dead_lines > self.entries.len() {
            self.compact()?;
        }
        Ok(())
    }

    /// After damage: this device's log again, from its lines that read, plus the games listed
    /// again from their files (without a time, so any device's later word on them wins).
    pub(super) fn rewrite_own(&mut self, recovered: &[HistoryEntry]) -> io::Result<()> {
        let path = self.own.as_ref().expect("writable").path.clone();
        let mut ops: Vec<IndexOp> = if path.exists() {
            read_log(&path)
                .map(|log: ReadLog| log.ops)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        ops.extend(
            recovered
                .iter()
                .map(|entry| IndexOp::Put(Box::new(entry.clone()))),
        );
        self.write_own(&ops)
    }

    /// Replaces this device's log with a header and `ops`, atomically, and appends after them.
    fn write_own(&mut self, ops: &[IndexOp]) -> io::Result<()> {
        let mut bytes = serde_json::to_vec(&IndexHeader {
            format: HISTORY_FORMAT.into(),
            version: HISTORY_VERSION,
        })?;
        bytes.push(b'\n');
        for op in ops {
            serde_json::to_writer(&mut bytes, op)?;
            bytes.push(b'\n');
        }
        fs::create_dir_all(&self.dir)?;
        let own = self.own.as_mut().expect("writable");
        write_atomic(&own.path, &bytes)?;
        own.writer = Some(OpenOptions::new().append(true).open(&own.path)?);
        Ok(())
    }

    /// Opens this device's log for appending where it exists (where it does not, the first
    /// write makes it).
    pub(super) fn open_own_for_append(&mut self) -> io::Result<()> {
        if let Some(own) = self.own.as_mut().filter(|own| own.path.exists()) {
            own.writer = Some(OpenOptions::new().append(true).open(&own.path)?);
        }
        Ok(())
    }

    pub(in crate::store) fn append(&mut self, op: &IndexOp) -> Result<(), HistoryError> {
        let mut line = serde_json::to_vec(op).expect("a record serialises");
        line.push(b'\n');
        self.append_bytes(&line)
    }

    /// Appends whole lines to this device's log and syncs them; a failure leaves the log as it
    /// was (a partial append is cut back, so later lines are whole).
    pub(super) fn append_bytes(&mut self, lines: &[u8]) -> Result<(), HistoryError> {
        self.require_writable()?;
        if self.own.as_ref().is_some_and(|own| own.writer.is_none()) {
            self.write_own(&[]).map_err(|e| self.io(e))?;
        }
        let own = self.own.as_mut().ok_or(HistoryError::ReadOnly)?;
        let writer = own.writer.as_mut().ok_or(HistoryError::ReadOnly)?;
        let length = writer.metadata().map(|m| m.len());
        let result = crate::store::faults::write_all(writer, lines)
            .and_then(|()| crate::store::faults::check())
            .and_then(|()| writer.sync_data());
        if result.is_err()
            && let Ok(length) = length
            && crate::store::faults::check().is_ok()
        {
            let _ = writer.set_len(length);
        }
        result.map_err(|e| self.io(e))
    }
}
