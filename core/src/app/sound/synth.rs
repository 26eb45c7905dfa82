//! Sound synthesis (issue 13): oscillators, enveloped notes, mixing into a buffer
//! and 16-bit WAV bytes. Headless and deterministic (the portable `sin` and a fixed
//! noise seed), so the shell's sounds and music are tested without a sound device.
//! Nothing here touches a game.

use crate::portable_math;

/// Samples per second of every generated sound (mono). The desktop mixer
/// resamples to 44.1 kHz by repeating each sample twice; the browser resamples too.
pub const SAMPLE_RATE: u32 = 22_050;

/// The shape of an oscillator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wave {
    /// Bright and hollow: a 50% pulse.
    Square,
    /// Thinner than the square: a 25% pulse.
    Pulse,
    /// Soft, with odd harmonics falling fast.
    Triangle,
    /// Pure.
    Sine,
    /// White noise from a fixed xorshift seed (the same every time).
    Noise,
}

/// One enveloped note: a frequency glide from `from` to `to` Hz over `seconds`,
/// with a short attack and an exponential-like decay to silence at its end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Note {
    /// The oscillator.
    pub wave: Wave,
    /// Starting frequency, Hz.
    pub from: f32,
    /// Final frequency, Hz (equal to `from` for a steady pitch).
    pub to: f32,
    /// Length, seconds.
    pub seconds: f32,
    /// Peak amplitude, 0 to 1 of full scale.
    pub gain: f32,
    /// How fast the note fades: 0 is a linear fade, higher is a sharper pluck.
    pub decay: f32,
}

impl Note {
    /// A steady note at `hz` with a linear fade.
    pub fn new(wave: Wave, hz: f32, seconds: f32, gain: f32) -> Self {
        Self {
            wave,
            from: hz,
            to: hz,
            seconds,
            gain,
            decay: 0.0,
        }
    }

    /// The same note gliding to `hz`.
    pub fn glide(self, hz: f32) -> Self {
        Self { to: hz, ..self }
    }

    /// The same note with a sharper fade (see [`Note::decay`]).
    pub fn pluck(self, decay: f32) -> Self {
        Self { decay, ..self }
    }

    /// Its length in samples.
    pub fn len(&self) -> usize {
        (SAMPLE_RATE as f32 * self.seconds) as usize
    }

    /// Whether it lasts no sample at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its samples, -1 to 1 times its gain. The envelope rises over the first
    /// 2.5% (at least a few samples, so the start does not click) and falls to
    /// exactly zero on the last sample.
    pub fn render(&self) -> Vec<f32> {
        let n = self.len();
        let mut phase = 0.0f32;
        let mut noise = 0x1234_5678u32;
        let attack = (n / 40).max(8) as f32;
        (0..n)
            .map(|i| {
                let t = i as f32 / n as f32;
                let freq = self.from + (self.to - self.from) * t;
                phase = (phase + freq / SAMPLE_RATE as f32).fract();
                let raw = oscillator(self.wave, phase, &mut noise);
                let rise = (i as f32 / attack).min(1.0);
                let fall = 1.0 - (i as f32 + 1.0) / n as f32;
                // (1 - t)^(1 + decay) without powf: a falling curve that ends at 0.
                let envelope = rise * fall / (1.0 + self.decay * t);
                raw * envelope * self.gain
            })
            .collect()
    }
}

/// One sample of `wave` at `phase` (0 to 1); `noise` is the noise generator's state.
fn oscillator(wave: Wave, phase: f32, noise: &mut u32) -> f32 {
    match wave {
        Wave::Square => square(phase, 0.5),
        Wave::Pulse => square(phase, 0.25),
        Wave::Triangle => 1.0 - 4.0 * (phase - 0.5).abs(),
        Wave::Sine => portable_math::sin(phase * std::f32::consts::TAU),
        Wave::Noise => {
            *noise ^= *noise << 13;
            *noise ^= *noise >> 17;
            *noise ^= *noise << 5;
            (*noise as f32 / u32::MAX as f32) * 2.0 - 1.0
        }
    }
}

fn square(phase: f32, duty: f32) -> f32 {
    if phase < duty {
        1.0
    } else {
        -1.0
    }
}

/// The frequency `semitones` above `hz` (equal temperament; negative is below).
pub fn transpose(hz: f32, semitones: f32) -> f32 {
    hz * libm::exp2f(semitones / 12.0)
}

/// Adds `samples` into `buffer` from sample `at`. With `wrap`, what runs past the
/// end comes back in at the start (a loop's tail rings into its own beginning);
/// without, it is cut.
pub fn mix_into(buffer: &mut [f32], at: usize, samples: &[f32], wrap: bool) {
    let len = buffer.len();
    if len == 0 {
        return;
    }
    for (i, s) in samples.iter().enumerate() {
        let k = at + i;
        if k < len {
            buffer[k] += s;
        } else if wrap {
            buffer[k % len] += s;
        } else {
            break;
        }
    }
}

/// Notes played one after another, each starting `step` seconds after the last:
/// a phrase, for the stings.
pub fn phrase(notes: &[Note], step: f32) -> Vec<f32> {
    let at = |i: usize| (i as f32 * step * SAMPLE_RATE as f32) as usize;
    let len = notes
        .iter()
        .enumerate()
        .map(|(i, n)| at(i) + n.len())
        .max()
        .unwrap_or(0);
    let mut out = vec![0.0; len];
    for (i, n) in notes.iter().enumerate() {
        mix_into(&mut out, at(i), &n.render(), false);
    }
    out
}

/// 16-bit samples, clamped to full scale.
pub fn to_i16(samples: &[f32]) -> Vec<i16> {
    samples
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16)
        .collect()
}

/// A 16-bit mono PCM WAV file of `samples` at [`SAMPLE_RATE`].
pub fn wav_bytes(samples: &[i16]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // format chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// The largest absolute sample.
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0, |m, s| m.max(s.abs()))
}

/// The frequency of a signal from its upward zero crossings (for tests).
#[cfg(test)]
pub(crate) fn pitch_of(samples: &[f32]) -> f32 {
    let ups = samples
        .windows(2)
        .filter(|w| w[0] <= 0.0 && w[1] > 0.0)
        .count();
    ups as f32 * SAMPLE_RATE as f32 / samples.len() as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn note_has_its_length_its_pitch_and_ends_silent() {
        let n = Note::new(Wave::Sine, 440.0, 0.5, 0.8).render();
        assert_eq!(n.len(), 11_025);
        assert!((pitch_of(&n) - 440.0).abs() < 4.0, "{}", pitch_of(&n));
        assert!(peak(&n) <= 0.8 && peak(&n) > 0.7);
        assert!(n[0].abs() < 0.01 && n.last().unwrap().abs() < 1e-6);
    }

    #[test]
    fn transpose_an_octave_doubles_and_a_fifth_is_three_halves() {
        assert!((transpose(220.0, 12.0) - 440.0).abs() < 1e-3);
        assert!((transpose(440.0, 7.0) / 440.0 - 1.4983).abs() < 1e-3);
        assert!((transpose(440.0, -12.0) - 220.0).abs() < 1e-3);
    }

    #[test]
    fn mix_into_wraps_a_tail_to_the_start_or_cuts_it() {
        let mut b = vec![0.0; 4];
        mix_into(&mut b, 3, &[1.0, 2.0, 3.0], true);
        assert_eq!(b, vec![2.0, 3.0, 0.0, 1.0]);
        let mut b = vec![0.0; 4];
        mix_into(&mut b, 3, &[1.0, 2.0, 3.0], false);
        assert_eq!(b, vec![0.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn wav_bytes_have_a_pcm_header_and_every_sample() {
        let w = wav_bytes(&[0, 1, -1, i16::MAX]);
        assert_eq!(&w[0..4], b"RIFF");
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!(
            u32::from_le_bytes([w[24], w[25], w[26], w[27]]),
            SAMPLE_RATE
        );
        assert_eq!(w.len(), 44 + 8);
        assert_eq!(i16::from_le_bytes([w[50], w[51]]), i16::MAX);
    }

    #[test]
    fn phrase_starts_each_note_a_step_after_the_last() {
        let n = Note::new(Wave::Square, 500.0, 0.1, 0.5);
        let p = phrase(&[n, n, n], 0.2);
        assert_eq!(p.len(), (0.4 * SAMPLE_RATE as f32) as usize + n.len());
        // Silence between the notes.
        let gap = (0.15 * SAMPLE_RATE as f32) as usize;
        assert_eq!(p[gap], 0.0);
    }
}
