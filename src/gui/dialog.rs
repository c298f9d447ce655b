//! The system's file dialogs, as tasks a screen starts: the chosen path comes back to the
//! screen as a message (`None` when the dialog was closed without a choice). On Linux they talk
//! to the desktop portal; where none runs they answer `None` and the one-tap export still works.

use std::path::PathBuf;

use iced::Task;

/// "Save as…", offering `name`.
pub fn save_file(name: String) -> Task<Option<PathBuf>> {
    Task::perform(
        async move {
            rfd::AsyncFileDialog::new()
                .set_file_name(name)
                .save_file()
                .await
                .map(|f| f.path().to_path_buf())
        },
        std::convert::identity,
    )
}

/// "Open…" for a JSON file (a backup, a game's profile).
pub fn open_json() -> Task<Option<PathBuf>> {
    Task::perform(
        async {
            rfd::AsyncFileDialog::new()
                .add_filter("JSON", &["json"])
                .pick_file()
                .await
                .map(|f| f.path().to_path_buf())
        },
        std::convert::identity,
    )
}

/// "Choose a folder…" (the shared history's).
pub fn pick_folder() -> Task<Option<PathBuf>> {
    Task::perform(
        async {
            rfd::AsyncFileDialog::new()
                .pick_folder()
                .await
                .map(|f| f.path().to_path_buf())
        },
        std::convert::identity,
    )
}
