//! Parsing the history index's lines on every core, in order, stopping at the first bad one.

use super::history::IndexOp;

/// Ops parsed from index lines, and the first bad line (number, error) if any.
type Parsed = (Vec<IndexOp>, Option<(usize, String)>);

/// Parses index lines on every core, keeping their order; stops at the first bad line, whose
/// number (1-based, the header being line 1) and error come back with the ops before it.
pub(super) fn parse_ops(lines: &[&[u8]]) -> Parsed {
    let parse_chunk = |offset: usize, chunk: &[&[u8]]| -> Parsed {
        let mut ops = Vec::with_capacity(chunk.len());
        for (i, line) in chunk.iter().enumerate() {
            match serde_json::from_slice::<IndexOp>(line) {
                Ok(op) => ops.push(op),
                Err(e) => return (ops, Some((offset + i + 2, e.to_string()))),
            }
        }
        (ops, None)
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
    for (chunk_ops, bad) in chunks {
        ops.extend(chunk_ops);
        if bad.is_some() {
            return (ops, bad);
        }
    }
    (ops, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parallel_parse_keeps_order_and_stops_at_the_first_bad_line() {
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
        assert_eq!(
            ops.len(),
            3_100,
            "every op before the first bad line, in order"
        );
        assert_eq!(
            bad.map(|(line, _)| line),
            Some(3_102),
            "line numbers count the header"
        );
        let IndexOp::Delete { id } = &ops[3_099] else {
            panic!("a delete")
        };
        assert_eq!(id, &format!("{:016x}", 3_099));
        let (all, none) = parse_ops(&refs[..3_000]);
        assert_eq!((all.len(), none), (3_000, None));
    }
}
