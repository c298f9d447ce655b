//! Which of a device's own records later ones of its own make moot, for compacting its log.
//!
//! Only this device's records are weighed, and a record is dropped only when a later record of
//! this device settles the same thing whatever other devices did in between: for each game the
//! last record that lists or deletes it, and its last notes. Corrections and renames are kept
//! (each counts).

use std::collections::HashSet;

use super::index::IndexOp;

/// `ops` (one log, in order) without the records later ones make moot; the order is kept.
pub(super) fn without_moot_records(ops: Vec<IndexOp>) -> Vec<IndexOp> {
    let mut listed_later: HashSet<String> = HashSet::new();
    let mut noted_later: HashSet<String> = HashSet::new();
    let mut kept: Vec<IndexOp> = Vec::with_capacity(ops.len());
    for op in ops.into_iter().rev() {
        let keep = match &op {
            IndexOp::Put(entry) | IndexOp::Game { entry, .. } => {
                listed_later.insert(entry.id.clone())
            }
            IndexOp::Delete { id, .. } => listed_later.insert(id.clone()),
            IndexOp::Notes { id, .. } => noted_later.insert(id.clone()),
            IndexOp::Correct { .. } | IndexOp::Rename { .. } => true,
        };
        if keep {
            kept.push(op);
        }
    }
    kept.reverse();
    kept
}
