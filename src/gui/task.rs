//! Blocking work (a history exported, a file written) on a thread of its own, so the window
//! keeps drawing while it runs; its result comes back as a message.

use iced::Task;
use iced::futures::channel::oneshot;

/// Runs `work` on a new thread; the task yields its result, or `None` if the thread died
/// before it had one (a panic), so the app can say the work failed instead of waiting forever.
pub fn on_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Task<Option<T>> {
    let (sender, receiver) = oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("tablekeeper-work".into())
        .spawn(move || {
            let _ = sender.send(work());
        });
    match spawned {
        Ok(_) => Task::perform(receiver, Result::ok),
        Err(_) => Task::done(None),
    }
}
