//! The chime past the turn-time target: when it is due (once per player-turn), the sound
//! itself (synthesized here: two soft bell tones, no audio file), and playing it on the
//! system's audio output (ALSA, on Linux).
//!
//! Off unless the table turns it on (`Settings::turn_sound`). The visual signal (the orange
//! clock, "Over the turn-time target") does not depend on it.

use std::collections::HashSet;

use chrono::{DateTime, Utc};

use crate::kit::clock::{Activity, Clock};

/// Remembers which turns have chimed, so each player-turn chimes once: not on every tick past
/// the target, and not again when an undo goes back to a turn that already chimed.
#[derive(Debug, Default)]
pub struct TurnAlarm {
    /// The turns that chimed, by game (the clock's start) and turn.
    rung: HashSet<(Option<DateTime<Utc>>, Activity)>,
    /// Counting down: the turns that chimed ten seconds before zero, and at zero.
    countdown: HashSet<(Option<DateTime<Utc>>, Activity, u8)>,
}

const TEN_BEFORE: u8 = 10;
const ZERO: u8 = 0;

impl TurnAlarm {
    pub fn new() -> TurnAlarm {
        TurnAlarm::default()
    }

    /// Whether the chime is due now, and if so, marks it rung: the clock runs a player-turn (a
    /// round end is not a turn) that has reached `target_secs` and has not chimed before.
    pub fn due(&mut self, clock: &Clock, now: DateTime<Utc>, target_secs: Option<u32>) -> bool {
        let Some(target) = target_secs else {
            return false;
        };
        let Some(turn @ Activity::PlayerTurn { .. }) = clock.activity() else {
            return false;
        };
        if clock.is_paused() || clock.current_elapsed(now).num_seconds() < i64::from(target) {
            return false;
        }
        self.rung.insert((clock.started_at, turn))
    }

    /// Counting down (a time bank, a sand timer): whether the chime is due now, `left` being
    /// what the current player has left. It rings once ten seconds before zero and once at
    /// zero, each once per player-turn.
    pub fn due_countdown(&mut self, clock: &Clock, left: Option<chrono::Duration>) -> bool {
        let (Some(turn @ Activity::PlayerTurn { .. }), Some(left)) = (clock.activity(), left)
        else {
            return false;
        };
        if clock.is_paused() {
            return false;
        }
        let mark = if left <= chrono::Duration::zero() {
            ZERO
        } else if left <= chrono::Duration::seconds(10) {
            TEN_BEFORE
        } else {
            return false;
        };
        self.countdown.insert((clock.started_at, turn, mark))
    }

    /// How many times the chime was due (what a test checks where no speaker is).
    pub fn times_rung(&self) -> usize {
        self.rung.len() + self.countdown.len()
    }
}

/// The two tones, high then low (A5, E5), and how long each sounds.
const TONES: [f32; 2] = [880.0, 659.25];
const TONE_SECONDS: f32 = 0.35;
/// Loud enough to hear across a table, well short of clipping with the overtone added.
const AMPLITUDE: f32 = 0.35;
/// The attack: a tone that starts at full height clicks.
const ATTACK_SECONDS: f32 = 0.005;

/// The chime as mono samples in -1..=1 at `sample_rate`: each tone rises over 5 ms and decays
/// like a struck bell, to silence at its end (no click between or after).
pub fn samples(sample_rate: u32) -> Vec<f32> {
    let rate = sample_rate as f32;
    let per_tone = (TONE_SECONDS * rate) as usize;
    let mut out = Vec::with_capacity(per_tone * TONES.len());
    for frequency in TONES {
        for i in 0..per_tone {
            let t = i as f32 / rate;
            let attack = (t / ATTACK_SECONDS).min(1.0);
            // Exponential decay, bent down to exactly zero at the tone's end.
            let left = 1.0 - i as f32 / per_tone as f32;
            let decay = (-6.0 * t).exp() * left;
            let phase = std::f32::consts::TAU * frequency * t;
            let wave = phase.sin() + 0.3 * (2.0 * phase).sin();
            out.push(AMPLITUDE / 1.3 * attack * decay * wave);
        }
    }
    out
}

/// Why the chime could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChimeError {
    #[error("no audio output device")]
    NoDevice,
    #[error("ALSA says: {0}")]
    Device(String),
    #[error("the chime plays on Linux only, for now")]
    NotBuilt,
}

/// The rate the chime is played at (ALSA's `plug` layer converts it for the device).
pub const SAMPLE_RATE: u32 = 44_100;

/// Plays the chime on the default output device and returns when it has played.
#[cfg(target_os = "linux")]
pub fn play() -> Result<(), ChimeError> {
    alsa::play(&samples(SAMPLE_RATE))
}

/// Plays the chime on the default output device and returns when it has played.
#[cfg(not(target_os = "linux"))]
pub fn play() -> Result<(), ChimeError> {
    Err(ChimeError::NotBuilt)
}

#[cfg(target_os = "linux")]
mod alsa {
    //! The chime on ALSA's default output (on a desktop it leads to PipeWire or PulseAudio).
    //!
    //! libasound is opened when the chime first plays, not linked: building needs no ALSA
    //! headers (a fresh machine builds with `cargo` alone), and a machine without libasound
    //! gets a clear error, not a binary that will not start. Five calls of its simple API
    //! are all the chime needs.

    use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};
    use std::sync::OnceLock;

    use super::{ChimeError, SAMPLE_RATE};

    type Pcm = *mut c_void;
    const STREAM_PLAYBACK: c_int = 0;
    #[cfg(target_endian = "little")]
    const FORMAT_S16: c_int = 2;
    #[cfg(target_endian = "big")]
    const FORMAT_S16: c_int = 3;
    const ACCESS_RW_INTERLEAVED: c_int = 3;
    /// The device's buffer: a tenth of a second.
    const LATENCY_MICROS: c_uint = 100_000;

    type Open = unsafe extern "C" fn(*mut Pcm, *const c_char, c_int, c_int) -> c_int;
    type SetParams =
        unsafe extern "C" fn(Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
    type Writei = unsafe extern "C" fn(Pcm, *const c_void, c_ulong) -> c_long;
    type Recover = unsafe extern "C" fn(Pcm, c_int, c_int) -> c_int;
    type OnPcm = unsafe extern "C" fn(Pcm) -> c_int;
    type StrError = unsafe extern "C" fn(c_int) -> *const c_char;

    /// The functions of libasound the chime calls.
    struct Alsa {
        open: Open,
        set_params: SetParams,
        writei: Writei,
        recover: Recover,
        drain: OnPcm,
        close: OnPcm,
        strerror: StrError,
    }

    /// libasound, opened once per run (`None`: the machine has none).
    fn alsa() -> Option<&'static Alsa> {
        static ALSA: OnceLock<Option<Alsa>> = OnceLock::new();
        ALSA.get_or_init(|| {
            // SAFETY: dlopen and dlsym with NUL-terminated names; each symbol is cast to the
            // signature libasound's headers (alsa/pcm.h, alsa/error.h) declare for it. The
            // library is never closed, so the pointers stay valid for the whole run.
            unsafe {
                let library = libc::dlopen(c"libasound.so.2".as_ptr(), libc::RTLD_NOW);
                if library.is_null() {
                    return None;
                }
                let symbol = |name: &CStr| {
                    let found = libc::dlsym(library, name.as_ptr());
                    (!found.is_null()).then_some(found)
                };
                Some(Alsa {
                    open: std::mem::transmute::<*mut c_void, Open>(symbol(c"snd_pcm_open")?),
                    set_params: std::mem::transmute::<*mut c_void, SetParams>(symbol(
                        c"snd_pcm_set_params",
                    )?),
                    writei: std::mem::transmute::<*mut c_void, Writei>(symbol(c"snd_pcm_writei")?),
                    recover: std::mem::transmute::<*mut c_void, Recover>(symbol(
                        c"snd_pcm_recover",
                    )?),
                    drain: std::mem::transmute::<*mut c_void, OnPcm>(symbol(c"snd_pcm_drain")?),
                    close: std::mem::transmute::<*mut c_void, OnPcm>(symbol(c"snd_pcm_close")?),
                    strerror: std::mem::transmute::<*mut c_void, StrError>(symbol(
                        c"snd_strerror",
                    )?),
                })
            }
        })
        .as_ref()
    }

    impl Alsa {
        fn error(&self, code: c_int) -> ChimeError {
            // SAFETY: snd_strerror returns a static NUL-terminated string for any code.
            let text = unsafe { CStr::from_ptr((self.strerror)(code)) };
            ChimeError::Device(text.to_string_lossy().into_owned())
        }

        fn check(&self, code: c_int) -> Result<(), ChimeError> {
            if code < 0 {
                Err(self.error(code))
            } else {
                Ok(())
            }
        }
    }

    /// The default output, opened for the chime and closed when dropped.
    struct Output {
        alsa: &'static Alsa,
        pcm: Pcm,
    }

    impl Drop for Output {
        fn drop(&mut self) {
            // SAFETY: `pcm` was opened by snd_pcm_open and is closed once, here.
            unsafe { (self.alsa.close)(self.pcm) };
        }
    }

    pub(super) fn play(samples: &[f32]) -> Result<(), ChimeError> {
        let alsa = alsa().ok_or(ChimeError::NoDevice)?;
        let mut pcm: Pcm = std::ptr::null_mut();
        // SAFETY: the out-pointer is valid; the name is NUL-terminated.
        alsa.check(unsafe { (alsa.open)(&mut pcm, c"default".as_ptr(), STREAM_PLAYBACK, 0) })?;
        let output = Output { alsa, pcm };
        // Mono, 16-bit, resampled by ALSA if the device needs another rate.
        // SAFETY: `pcm` is open; the arguments are plain values.
        alsa.check(unsafe {
            (alsa.set_params)(
                output.pcm,
                FORMAT_S16,
                ACCESS_RW_INTERLEAVED,
                1,
                SAMPLE_RATE,
                1,
                LATENCY_MICROS,
            )
        })?;
        let frames: Vec<i16> = samples
            .iter()
            .map(|s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16)
            .collect();
        let mut rest = &frames[..];
        while !rest.is_empty() {
            // SAFETY: `rest` holds `rest.len()` mono frames of i16, as set above.
            let written =
                unsafe { (alsa.writei)(output.pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if written < 0 {
                // An underrun is recovered once; anything else ends the chime.
                // SAFETY: `pcm` is open; recover takes the error writei returned.
                alsa.check(unsafe { (alsa.recover)(output.pcm, written as c_int, 1) })?;
                continue;
            }
            rest = &rest[(written as usize).min(rest.len())..];
        }
        // SAFETY: `pcm` is open; drain waits until the last frame has played.
        alsa.check(unsafe { (alsa.drain)(output.pcm) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 19, 0, 0).unwrap() + Duration::seconds(seconds)
    }

    fn turn(player: usize) -> Activity {
        Activity::PlayerTurn {
            round: 1,
            turn: 1,
            player,
        }
    }

    fn clock_on(activity: Activity, since: i64) -> Clock {
        let mut clock = Clock::new();
        clock.switch(Some(activity), at(since));
        clock
    }

    #[test]
    fn a_turn_chimes_once_when_it_reaches_the_target() {
        let clock = clock_on(turn(0), 0);
        let mut alarm = TurnAlarm::new();
        assert!(!alarm.due(&clock, at(59), Some(60)));
        assert!(alarm.due(&clock, at(60), Some(60)));
        assert!(!alarm.due(&clock, at(61), Some(60)));
        assert!(!alarm.due(&clock, at(600), Some(60)));
        assert_eq!(alarm.times_rung(), 1);
    }

    #[test]
    fn the_next_turn_chimes_again_but_a_turn_undone_back_to_does_not() {
        let mut clock = clock_on(turn(0), 0);
        let mut alarm = TurnAlarm::new();
        assert!(alarm.due(&clock, at(60), Some(60)));
        clock.switch(Some(turn(1)), at(70));
        assert!(!alarm.due(&clock, at(100), Some(60)));
        assert!(alarm.due(&clock, at(130), Some(60)));
        // Undo replays the game: the same turn of the same game is back on the clock.
        let again = clock_on(turn(0), 0);
        assert!(!alarm.due(&again, at(200), Some(60)));
        assert_eq!(alarm.times_rung(), 2);
    }

    #[test]
    fn no_target_a_pause_or_a_round_end_never_chimes() {
        let mut alarm = TurnAlarm::new();
        assert!(!alarm.due(&clock_on(turn(0), 0), at(600), None));
        let mut paused = clock_on(turn(0), 0);
        paused.pause(at(61));
        assert!(!alarm.due(&paused, at(600), Some(60)));
        let round_end = clock_on(Activity::RoundEnd { round: 1 }, 0);
        assert!(!alarm.due(&round_end, at(600), Some(60)));
        assert!(!alarm.due(&Clock::new(), at(600), Some(60)));
        assert_eq!(alarm.times_rung(), 0);
    }

    #[test]
    fn a_new_game_chimes_for_its_first_turn_again() {
        let mut alarm = TurnAlarm::new();
        assert!(alarm.due(&clock_on(turn(0), 0), at(60), Some(60)));
        assert!(alarm.due(&clock_on(turn(0), 1000), at(1060), Some(60)));
    }

    #[test]
    fn the_chime_is_audible_and_ends_in_silence() {
        let rate = 48_000;
        let chime = samples(rate);
        assert_eq!(chime.len(), 2 * (0.35 * rate as f32) as usize);
        let peak = chime.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(peak > 0.2 && peak <= AMPLITUDE, "peak {peak}");
        // No click: the first sample and the last ones are (near) silent.
        assert!(chime[0].abs() < 1e-3);
        assert!(chime[chime.len() - 10..].iter().all(|s| s.abs() < 1e-2));
        // Two tones: the second half crosses zero less often (lower pitch).
        let crossings = |part: &[f32]| part.windows(2).filter(|w| w[0] * w[1] < 0.0).count();
        let (high, low) = chime.split_at(chime.len() / 2);
        assert!(
            crossings(high) > crossings(low),
            "{} {}",
            crossings(high),
            crossings(low)
        );
    }
}
