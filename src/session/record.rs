//! An event with the time it happened: what a journal line and a saved session's event list
//! hold, for any engine.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// An event of some engine with the time it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record<E> {
    pub at: DateTime<Utc>,
    #[serde(flatten)]
    pub event: E,
}
