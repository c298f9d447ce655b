//! What the store asks of a game's id.

/// Session ids are 16 lowercase hex digits; anything else in a file is refused (ids become
/// file names, so this is what keeps a path out of them).
pub fn is_valid_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
