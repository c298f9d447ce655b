//! The app's log file (`log/tablekeeper.log` in the data directory), for bug reports.
use std::io::Write;

use crate::store::DataDir;

fn write(dir: &DataDir, level: &str, message: &str) {
    let path = dir.log_dir().join("tablekeeper.log");
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(
            file,
            "{} {level} {message}",
            chrono::Utc::now().to_rfc3339()
        );
    }
    eprintln!("tablekeeper: {level}: {message}");
}

pub fn warn(dir: &DataDir, message: &str) {
    write(dir, "WARN", message);
}

pub fn error(dir: &DataDir, message: &str) {
    write(dir, "ERROR", message);
}
