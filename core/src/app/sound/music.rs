//! The music (issue 13): an eight-bar loop composed in code, rendered at start-up
//! to samples the shell plays looped. A bass line, a chord arpeggio and light
//! percussion from seeded noise over A minor, F, C, G, A minor, F, G, E. Every note
//! that rings past the loop's end is mixed back into its start, so the loop joins
//! itself without a click. Deterministic: the same samples every time.

use super::synth::{mix_into, to_i16, transpose, Note, Wave, SAMPLE_RATE};

/// Bars in the loop.
pub const MUSIC_BARS: usize = 8;
/// Samples per sixteenth note: a whole number, so every note starts on a sample
/// and the loop's length is exact (2,700 at 22,050 Hz is 122.5 beats a minute).
pub const SAMPLES_PER_SIXTEENTH: usize = 2_700;
/// The loop's length in samples (about 15.7 s).
pub const MUSIC_LOOP_SAMPLES: usize = MUSIC_BARS * 16 * SAMPLES_PER_SIXTEENTH;

/// Each bar's chord: its root (MIDI note number) and whether it is minor.
const CHORDS: [(i32, bool); MUSIC_BARS] = [
    (45, true),  // A minor
    (41, false), // F
    (48, false), // C
    (43, false), // G
    (45, true),  // A minor
    (41, false), // F
    (43, false), // G
    (40, false), // E: the dominant, leading back to A minor
];

/// The bass's eight eighth notes in a bar, semitones over the root.
const BASS: [i32; 8] = [0, 0, 12, 0, 7, 0, 12, 7];
/// The arpeggio's sixteen sixteenths in a bar, as chord tones (0 root, 1 third,
/// 2 fifth, 3 octave), two octaves over the bass.
const ARPEGGIO: [usize; 16] = [0, 1, 2, 3, 2, 1, 2, 3, 0, 1, 2, 3, 2, 3, 2, 1];

/// The frequency of MIDI note `n`, Hz (69 is A4, 440 Hz).
fn midi(n: i32) -> f32 {
    transpose(440.0, (n - 69) as f32)
}

/// Where sixteenth `n` of the loop starts, in samples.
fn at(n: usize) -> usize {
    n * SAMPLES_PER_SIXTEENTH
}

/// The loop's samples, -1 to 1: exactly [`MUSIC_LOOP_SAMPLES`] long.
pub fn render_music() -> Vec<f32> {
    let mut out = vec![0.0; MUSIC_LOOP_SAMPLES];
    let eighth = 2.0 * SAMPLES_PER_SIXTEENTH as f32 / SAMPLE_RATE as f32;
    let sixteenth = eighth / 2.0;
    let drums = Drums::render();
    for (bar, &(root, minor)) in CHORDS.iter().enumerate() {
        let first = bar * 16;
        // Each distinct note of the bar is rendered once and mixed where it plays.
        let bass = |up: i32| {
            Note::new(Wave::Triangle, midi(root + up), eighth * 0.95, 0.2)
                .pluck(1.5)
                .render()
        };
        let bass_notes = [bass(0), bass(7), bass(12)];
        for (i, &up) in BASS.iter().enumerate() {
            let k = [0, 7, 12].iter().position(|&u| u == up).unwrap_or(0);
            mix_into(&mut out, at(first + 2 * i), &bass_notes[k], true);
        }
        let third = if minor { 3 } else { 4 };
        let arp_notes = [0, third, 7, 12].map(|tone| {
            Note::new(Wave::Pulse, midi(root + 24 + tone), sixteenth * 1.6, 0.06)
                .pluck(4.0)
                .render()
        });
        for (i, &tone) in ARPEGGIO.iter().enumerate() {
            mix_into(&mut out, at(first + i), &arp_notes[tone], true);
        }
        drums.bar(&mut out, first);
    }
    out
}

/// The percussion's sounds, rendered once.
struct Drums {
    kick: Vec<f32>,
    snare: Vec<f32>,
    body: Vec<f32>,
    hat: Vec<f32>,
}

impl Drums {
    fn render() -> Self {
        Self {
            kick: Note::new(Wave::Sine, 110.0, 0.16, 0.3)
                .glide(40.0)
                .pluck(2.0)
                .render(),
            snare: Note::new(Wave::Noise, 0.0, 0.12, 0.09).pluck(6.0).render(),
            body: Note::new(Wave::Triangle, 190.0, 0.06, 0.08).render(),
            hat: Note::new(Wave::Noise, 0.0, 0.03, 0.04).render(),
        }
    }

    /// One bar from sixteenth `first`: a kick on beats one and three, a snare on
    /// two and four, a closed hat on every off-beat eighth.
    fn bar(&self, out: &mut [f32], first: usize) {
        for beat in 0..4 {
            let start = at(first + 4 * beat);
            if beat % 2 == 0 {
                mix_into(out, start, &self.kick, true);
            } else {
                mix_into(out, start, &self.snare, true);
                mix_into(out, start, &self.body, true);
            }
            mix_into(out, at(first + 4 * beat + 2), &self.hat, true);
        }
    }
}

/// The loop as 16-bit samples at [`SAMPLE_RATE`].
pub fn music_samples() -> Vec<i16> {
    to_i16(&render_music())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::sound::synth::peak;

    #[test]
    fn music_loop_has_exactly_eight_bars_of_samples() {
        let m = music_samples();
        assert_eq!(m.len(), MUSIC_LOOP_SAMPLES);
        assert_eq!(MUSIC_LOOP_SAMPLES, 8 * 16 * 2_700);
        let seconds = m.len() as f32 / SAMPLE_RATE as f32;
        assert!((15.0..17.0).contains(&seconds), "{seconds}");
    }

    #[test]
    fn music_loop_joins_its_start_without_a_click() {
        let m = render_music();
        let jump = (m[0] - m[m.len() - 1]).abs();
        // The biggest sample-to-sample step inside the loop: the join must be no
        // worse than the music's own steps, and small in absolute terms.
        let inner = m
            .windows(2)
            .map(|w| (w[1] - w[0]).abs())
            .fold(0.0, f32::max);
        assert!(jump <= inner, "join {jump} vs largest inner step {inner}");
        assert!(jump < 0.05, "join {jump}");
        // What makes it seamless: a tail cut at the end would jump here instead.
        let mut cut = vec![0.0; MUSIC_LOOP_SAMPLES];
        let late = Note::new(Wave::Triangle, 110.0, 0.5, 0.2).render();
        mix_into(&mut cut, MUSIC_LOOP_SAMPLES - 3_000, &late, false);
        assert!((cut[0] - cut[MUSIC_LOOP_SAMPLES - 1]).abs() > 0.01);
    }

    #[test]
    fn music_never_clips_and_is_not_silent() {
        let m = render_music();
        let p = peak(&m);
        assert!(p < 0.9, "peak {p} of full scale");
        let rms = (m.iter().map(|s| s * s).sum::<f32>() / m.len() as f32).sqrt();
        assert!(rms > 0.03, "rms {rms}");
        assert!(music_samples()
            .iter()
            .all(|&s| s > i16::MIN && s < i16::MAX));
    }

    /// FNV-1a over the loop's samples, as the test below pins them.
    fn samples_hash(samples: &[i16]) -> u64 {
        samples.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, s| {
            s.to_le_bytes()
                .iter()
                .fold(h, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
        })
    }

    #[test]
    fn music_is_the_recorded_loop_on_every_machine() {
        // The loop is made from portable math (libm), so every machine and the
        // browser render the same samples: pinned here (issue 46: a test that
        // compared two calls of a pure function could not fail). A change to
        // the music changes this number on purpose; write the new one here.
        assert_eq!(samples_hash(&music_samples()), MUSIC_HASH);
    }

    const MUSIC_HASH: u64 = 0x9dd0_1bf2_344e_0ace;

    /// The signal's power at `hz` (one DFT bin, Goertzel's recurrence).
    fn power_at(samples: &[f32], hz: f32) -> f32 {
        let w = 2.0 * (std::f32::consts::TAU * hz / SAMPLE_RATE as f32).cos();
        let (mut s1, mut s2) = (0.0f32, 0.0f32);
        for &x in samples {
            let s0 = x + w * s1 - s2;
            s2 = s1;
            s1 = s0;
        }
        s1 * s1 + s2 * s2 - w * s1 * s2
    }

    #[test]
    fn music_bass_plays_each_bars_root() {
        // The second eighth (clear of the kick) of bar 1 (A2, 110 Hz) and of bar 2
        // (F2, 87.3 Hz): each is loud at its own root and not at the other's.
        let m = render_music();
        let window = |bar: usize| &m[at(bar * 16 + 2)..at(bar * 16 + 2) + 4_400];
        let (a, f) = (midi(45), midi(41));
        let bar1 = (power_at(window(0), a), power_at(window(0), f));
        let bar2 = (power_at(window(1), a), power_at(window(1), f));
        assert!(bar1.0 > 10.0 * bar1.1, "bar 1 (A): {bar1:?}");
        assert!(bar2.1 > 10.0 * bar2.0, "bar 2 (F): {bar2:?}");
    }
}
