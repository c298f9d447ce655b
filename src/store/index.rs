//! The history index's line format, and parsing its lines on every core, in order. A bad line
//! costs that line only: it is skipped and reported, and the lines after it still count.

use serde::{Deserialize, Serialize};

use super::entry::{HistoryEntry, is_valid_id};

pub const HISTORY_FORMAT: &str = "tablekeeper-history";
pub const HISTORY_VERSION: u32 = 1;

/// The index's first line.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct IndexHeader {
    pub format: String,
    pub version: u32,
}

/// One line of the index after the header.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum IndexOp {
    /// Adds or replaces the entry with this id.
    Put(Box<HistoryEntry>),
    Delete {
        id: String,
    },
}

/// Ops parsed from index lines, and the bad lines (number, error).
type Parsed = (Vec<IndexOp>, Vec<(usize, String)>);

/// Parses index lines on every core, keeping their order; a bad line is skipped and comes back
/// with its number (1-based, the header being line 1) and error.
pub(super) fn parse_ops(lines: &[&[u8]]) -> Parsed {
    let parse_chunk = |offset: usize, chunk: &[&[u8]]| -> Parsed {
        let mut ops = Vec::with_capacity(chunk.len());
        let mut bad = Vec::new();
        for (i, line) in chunk.iter().enumerate() {
            match serde_json::from_slice::<IndexOp>(line) {
                Ok(IndexOp::Put(entry)) if !is_valid_id(&entry.id) => {
                    bad.push((offset + i + 2, format!("bad id {:?}", entry.id)))
                }
                Ok(op) => ops.push(op),
                Err(e) => bad.push((offset + i + 2, e.to_string())),
            }
        }
        (ops, bad)
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Small histories are not worth a thread.
    if threads == 1 || lines.len() < 2_000 {
        return parse_chunk(0, lines);
    }
    let size = lines.len().div_ceil(threads);
    let chunks: Vec<Parsed> = std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(size)
            .enumerate()
            .map(|(k, chunk)| scope.spawn(move || parse_chunk(k * size, chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a parse thread does not panic"))
            .collect()
    });
    let mut ops = Vec::with_capacity(lines.len());
    let mut bad = Vec::new();
    for (chunk_ops, chunk_bad) in chunks {
        ops.extend(chunk_ops);
        bad.extend(chunk_bad);
    }
    (ops, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parallel_parse_keeps_order_and_skips_only_the_bad_lines() {
        let lines: Vec<String> = (0..5_000)
            .map(|i| {
                if i == 3_100 || i == 4_000 {
                    "garbage".to_string()
                } else {
                    format!("{{\"delete\":{{\"id\":\"{i:016x}\"}}}}")
                }
            })
            .collect();
        let refs: Vec<&[u8]> = lines.iter().map(|l| l.as_bytes()).collect();
        let (ops, bad) = parse_ops(&refs);
        assert_eq!(ops.len(), 4_998, "every good op, in order");
        assert_eq!(
            bad.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
            [3_102, 4_002],
            "line numbers count the header"
        );
        let IndexOp::Delete { id } = &ops[3_100] else {
            panic!("a delete")
        };
        assert_eq!(
            id,
            &format!("{:016x}", 3_101),
            "the line after a bad one counts"
        );
        let (all, none) = parse_ops(&refs[..3_000]);
        assert_eq!((all.len(), none.len()), (3_000, 0));
    }
}
