//! An event with the time it happened: what a journal line and a saved session's event list
//! hold, for any engine.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::vocabulary::Seat;

/// An event of some engine with the time it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record<E> {
    pub at: DateTime<Utc>,
    #[serde(flatten)]
    pub event: E,
    /// The seat whose own phone entered it; absent for what the window did (every event
    /// before the phones could enter values). The journal line reads
    /// `{"at": …, "type": "set_score", …, "phone": 2}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<Seat>,
}

impl<E> Record<E> {
    /// An event the window did at `at`.
    pub fn new(at: DateTime<Utc>, event: E) -> Record<E> {
        Record {
            at,
            event,
            phone: None,
        }
    }
}
