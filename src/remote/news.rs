//! The table's news: a short line every phone and the television show for a few seconds
//! ("Ben took back: Aki's turn ends"), told once by the keeper whatever it is about.

use chrono::{DateTime, Duration, Utc};

use crate::i18n::Text;

/// A short line of news every phone and the television show for [`NEWS_FOR`] ("Ben's seat
/// moved to a new phone"): told once by the keeper, whatever it is about. `id` grows with
/// each line (from the time it was told, so it grows across a restart too): the page shows a
/// line it has not shown yet, once.
#[derive(Debug, Clone, PartialEq)]
pub struct News {
    pub id: u64,
    pub text: Text,
    pub at: DateTime<Utc>,
}

/// How long a line of news is shown, and kept in the table the phones are sent.
pub const NEWS_FOR: Duration = Duration::seconds(8);

/// Adds `text` to the table's news at `now`, and lets go of the lines older than
/// [`NEWS_FOR`]: the window's keeper and `serve`'s alike.
pub fn tell(news: &mut Vec<News>, text: Text, now: DateTime<Utc>) {
    news.retain(|n| now - n.at < NEWS_FOR);
    let after = news.last().map_or(0, |n| n.id + 1);
    let id = u64::try_from(now.timestamp_millis())
        .unwrap_or(0)
        .max(after);
    news.push(News { id, text, at: now });
}

/// The lines of `news` still shown at `now`.
pub fn news_at(news: &[News], now: DateTime<Utc>) -> Vec<News> {
    (news.iter())
        .filter(|n| now - n.at < NEWS_FOR)
        .cloned()
        .collect()
}
