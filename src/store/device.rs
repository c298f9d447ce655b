//! This device's name in a shared history: a random id kept in the data directory (never in the
//! history folder, which other devices share), made again when the data directory turns up on
//! another computer (a copied or synced data directory must not write another device's log).

use std::fs;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::fsutil::{read_limited, write_atomic};

/// The file in the data directory that names this device.
pub const DEVICE_FILE: &str = "device.json";

/// The format of `device.json`.
pub const DEVICE_FORMAT: &str = "tablekeeper-device";

#[derive(Debug, Serialize, Deserialize)]
struct DeviceFile {
    /// [`DEVICE_FORMAT`]; absent in a file written before files named their format.
    #[serde(default = "device_format")]
    format: String,
    /// 1; absent (read as 1) in a file written before files named their version.
    #[serde(default = "first_version")]
    version: u32,
    /// 16 hex digits: the device's log is `index-<device>.jsonl`.
    device: String,
    /// The computer the id was made on.
    host: String,
}

fn device_format() -> String {
    DEVICE_FORMAT.to_string()
}

fn first_version() -> u32 {
    1
}

/// This computer's name (empty when the system does not say).
fn host_name() -> String {
    #[cfg(unix)]
    {
        let mut buffer = [0u8; 256];
        // SAFETY: the buffer is valid for its length; gethostname writes at most that many bytes.
        let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) };
        if status == 0 {
            let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
            return String::from_utf8_lossy(&buffer[..end]).into_owned();
        }
        String::new()
    }
    #[cfg(not(unix))]
    {
        std::env::var("COMPUTERNAME").unwrap_or_default()
    }
}

fn is_device_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// The device id kept in `root`, if there is a usable one made on this computer.
pub fn read(root: &Path) -> Option<String> {
    let bytes = read_limited(&root.join(DEVICE_FILE), 4096).ok()?;
    let file: DeviceFile = serde_json::from_slice(&bytes).ok()?;
    let ours = file.format == DEVICE_FORMAT && file.version == 1;
    (ours && is_device_id(&file.device) && file.host == host_name()).then_some(file.device)
}

/// The device id kept in `root`, made (and kept) when there is none for this computer.
pub fn read_or_make(root: &Path) -> io::Result<String> {
    if let Some(device) = read(root) {
        return Ok(device);
    }
    let file = DeviceFile {
        format: device_format(),
        version: 1,
        device: format!("{:016x}", rand::random::<u64>()),
        host: host_name(),
    };
    fs::create_dir_all(root)?;
    let bytes = serde_json::to_vec_pretty(&file).expect("a device file serialises");
    write_atomic(&root.join(DEVICE_FILE), &bytes)?;
    Ok(file.device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_kept_and_made_again_on_another_computer() {
        let tmp = tempfile::tempdir().unwrap();
        let first = read_or_make(tmp.path()).unwrap();
        assert!(is_device_id(&first));
        assert_eq!(read_or_make(tmp.path()).unwrap(), first, "kept");
        // The same data directory on another computer (copied, or synced whole).
        let moved = DeviceFile {
            format: device_format(),
            version: 1,
            device: first.clone(),
            host: format!("{}-elsewhere", host_name()),
        };
        fs::write(
            tmp.path().join(DEVICE_FILE),
            serde_json::to_vec(&moved).unwrap(),
        )
        .unwrap();
        let second = read_or_make(tmp.path()).unwrap();
        assert_ne!(second, first, "another computer writes a log of its own");
        fs::write(tmp.path().join(DEVICE_FILE), b"not json").unwrap();
        let third = read_or_make(tmp.path()).unwrap();
        assert_ne!(third, second, "a broken file");
        // A file written before it named its format and version is read as before.
        let old = serde_json::json!({"device": third, "host": host_name()});
        fs::write(tmp.path().join(DEVICE_FILE), old.to_string()).unwrap();
        assert_eq!(read(tmp.path()), Some(third));
    }
}
