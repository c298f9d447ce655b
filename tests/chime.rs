//! The chime reaches a real audio output: ALSA's `default` device, pointed (by an `.asoundrc`
//! in a home of the test's own) at a file, records what the app played, sample for sample.
#![cfg(target_os = "linux")]

use std::process::Command;

use tablekeeper::chime;

/// Set in the child the test starts: play the chime and exit.
const CHILD: &str = "TABLEKEEPER_CHIME_CHILD";

#[test]
fn the_chime_plays_on_the_default_output() {
    if std::env::var_os(CHILD).is_some() {
        chime::play().expect("the chime plays");
        return;
    }
    let home = tempfile::tempdir().unwrap();
    let recorded = home.path().join("played.raw");
    std::fs::write(
        home.path().join(".asoundrc"),
        format!(
            "pcm.!default {{\n  type file\n  slave.pcm \"null\"\n  file \"{}\"\n  format \"raw\"\n}}\n",
            recorded.display()
        ),
    )
    .unwrap();
    // ALSA reads `~/.asoundrc` once per process: the chime plays in a child with this home.
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "the_chime_plays_on_the_default_output",
            "--nocapture",
        ])
        .env(CHILD, "1")
        .env("HOME", home.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    if said.contains("NoDevice") && std::env::var_os("TABLEKEEPER_REQUIRE_SOUND").is_none() {
        eprintln!("skipped: this machine has no libasound.so.2 (CI requires it)");
        return;
    }
    assert!(output.status.success(), "the child failed: {said}");
    let bytes = std::fs::read(&recorded).expect("ALSA wrote what was played");
    // What the app asked for: mono, 16-bit, native byte order.
    let played: Vec<f32> = bytes
        .chunks_exact(2)
        .map(|b| f32::from(i16::from_ne_bytes([b[0], b[1]])) / f32::from(i16::MAX))
        .collect();
    let sent = chime::samples(chime::SAMPLE_RATE);
    assert_eq!(played.len(), sent.len(), "every sample, and only those");
    let worst = sent
        .iter()
        .zip(&played)
        .map(|(want, got)| (want - got).abs())
        .fold(0.0f32, f32::max);
    assert!(
        worst < 1e-3,
        "the device played something else: off by {worst}"
    );
}
