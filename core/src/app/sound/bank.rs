//! What each [`Voice`] sounds like (issue 13): its notes, rendered at a pitch step.
//! The shell renders every voice at every step it uses once, at start-up, and
//! plays cues by picking from that bank. Samples are -1 to 1 (each voice peaks
//! near [`VOICE_PEAK`] or below, so cues mixed together rarely clip).

use super::cues::{step_ratio, Sting, Voice};
use super::synth::{phrase, transpose, Note, Wave};

/// The loudest a single voice gets, of full scale.
pub const VOICE_PEAK: f32 = 0.5;

/// C5, the root of the brick voices, Hz.
const C5: f32 = 523.25;

/// The samples of `voice` at pitch step `step`.
pub fn render_voice(voice: Voice, step: usize) -> Vec<f32> {
    let r = step_ratio(step);
    match voice {
        Voice::Paddle => layered(&[
            Note::new(Wave::Triangle, 262.0 * r, 0.09, 0.45)
                .glide(300.0 * r)
                .pluck(3.0),
            Note::new(Wave::Noise, 0.0, 0.02, 0.05),
        ]),
        Voice::Wall => Note::new(Wave::Sine, 190.0, 0.05, 0.45)
            .glide(150.0)
            .render(),
        Voice::Barrier => Note::new(Wave::Sine, 660.0, 0.09, 0.45)
            .glide(880.0)
            .pluck(2.0)
            .render(),
        Voice::BrickHit => Note::new(Wave::Square, 392.0 * r, 0.07, 0.22)
            .pluck(4.0)
            .render(),
        Voice::BrickBreak => layered(&[
            Note::new(Wave::Pulse, C5 * r, 0.16, 0.3).pluck(5.0),
            Note::new(Wave::Triangle, 2.0 * C5 * r, 0.12, 0.15).pluck(5.0),
            Note::new(Wave::Noise, 0.0, 0.06, 0.12),
        ]),
        Voice::Capsule => Note::new(Wave::Sine, 520.0, 0.25, 0.45)
            .glide(1040.0)
            .render(),
        Voice::Goal => Note::new(Wave::Square, 300.0, 0.45, 0.3)
            .glide(90.0)
            .render(),
        Voice::LifeLost => Note::new(Wave::Sine, 400.0, 0.6, 0.5).glide(100.0).render(),
        Voice::Laser => Note::new(Wave::Pulse, 1400.0, 0.06, 0.2)
            .glide(700.0)
            .render(),
        Voice::Blast => layered(&[
            Note::new(Wave::Noise, 0.0, 0.35, 0.3).pluck(3.0),
            Note::new(Wave::Square, 110.0, 0.3, 0.2)
                .glide(40.0)
                .pluck(2.5),
        ]),
        Voice::Regrow => Note::new(Wave::Sine, 440.0, 0.18, 0.3)
            .glide(880.0)
            .render(),
        Voice::Sting(s) => render_sting(s),
    }
}

/// Notes started together, mixed.
fn layered(notes: &[Note]) -> Vec<f32> {
    let rendered: Vec<Vec<f32>> = notes.iter().map(Note::render).collect();
    let len = rendered.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = vec![0.0; len];
    for r in &rendered {
        for (o, s) in out.iter_mut().zip(r) {
            *o += s;
        }
    }
    out
}

/// A phrase of `semitones` above C5 (or below, negative), each note `step`
/// seconds after the last and `seconds` long, the last one `last` long; each with
/// a triangle an octave below for body.
fn line(wave: Wave, semitones: &[f32], step: f32, seconds: f32, last: f32) -> Vec<f32> {
    let n = semitones.len();
    let tone = |i: usize, octave: f32, gain: f32| {
        let length = if i + 1 == n { last } else { seconds };
        Note::new(wave, transpose(C5, semitones[i] + octave), length, gain).pluck(1.5)
    };
    let lead: Vec<Note> = (0..n).map(|i| tone(i, 0.0, 0.28)).collect();
    let body: Vec<Note> = (0..n)
        .map(|i| Note {
            wave: Wave::Triangle,
            ..tone(i, -12.0, 0.2)
        })
        .collect();
    let mut out = phrase(&lead, step);
    for (o, s) in out.iter_mut().zip(phrase(&body, step)) {
        *o += s;
    }
    out
}

/// The stings: short phrases, each with its own contour.
fn render_sting(sting: Sting) -> Vec<f32> {
    match sting {
        // C E G C': the major arpeggio up, the top held.
        Sting::Victory => line(Wave::Square, &[0.0, 4.0, 7.0, 12.0], 0.11, 0.14, 0.5),
        // G Eb C and a low C: the minor triad down, slower.
        Sting::Defeat => line(Wave::Triangle, &[-5.0, -9.0, -12.0, -24.0], 0.2, 0.24, 0.6),
        // C G C: neither up nor down.
        Sting::Draw => line(Wave::Pulse, &[0.0, -5.0, 0.0], 0.16, 0.18, 0.3),
        // A bright upward sweep with a fifth over it.
        Sting::Conversion => layered(&[
            Note::new(Wave::Sine, 600.0, 0.32, 0.35).glide(1200.0),
            Note::new(Wave::Pulse, 900.0, 0.32, 0.12)
                .glide(1800.0)
                .pluck(2.0),
        ]),
        // A quick upbeat: G, then C an octave up.
        Sting::Serve => line(Wave::Pulse, &[-5.0, 0.0, 7.0], 0.07, 0.08, 0.16),
        // Power draining away: three falling notes over a falling glide.
        Sting::Expiry => {
            let mut out = line(Wave::Sine, &[7.0, 3.0, -2.0], 0.1, 0.12, 0.2);
            let fall = Note::new(Wave::Triangle, 700.0, 0.4, 0.1)
                .glide(250.0)
                .render();
            out.resize(out.len().max(fall.len()), 0.0);
            for (o, s) in out.iter_mut().zip(fall) {
                *o += s;
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::sound::synth::{peak, pitch_of, SAMPLE_RATE};

    const STINGS: [Sting; 6] = [
        Sting::Victory,
        Sting::Defeat,
        Sting::Draw,
        Sting::Conversion,
        Sting::Serve,
        Sting::Expiry,
    ];

    fn seconds(s: &[f32]) -> f32 {
        s.len() as f32 / SAMPLE_RATE as f32
    }

    /// The pitch of the lead in a window, from the pulse/square's crossings.
    fn pitch_at(s: &[f32], from: f32, to: f32) -> f32 {
        let r = SAMPLE_RATE as f32;
        pitch_of(&s[(from * r) as usize..(to * r) as usize])
    }

    #[test]
    fn every_voice_and_step_renders_and_stays_under_its_peak() {
        for v in Voice::ALL {
            for step in 0..v.steps() {
                let s = render_voice(v, step);
                assert!(!s.is_empty(), "{v:?} {step}");
                let p = peak(&s);
                assert!(p > 0.05 && p <= VOICE_PEAK + 0.05, "{v:?} {step}: peak {p}");
                assert!(s.last().unwrap().abs() < 1e-3, "{v:?} ends on a click");
            }
        }
    }

    #[test]
    fn stings_last_between_a_third_of_a_second_and_a_second_and_a_half() {
        for s in STINGS {
            let t = seconds(&render_sting(s));
            assert!((0.3..=1.5).contains(&t), "{s:?}: {t} s");
        }
    }

    #[test]
    fn victory_rises_and_defeat_falls() {
        let v = render_sting(Sting::Victory);
        let (first, last) = (pitch_at(&v, 0.0, 0.1), pitch_at(&v, 0.35, 0.5));
        assert!(last > 1.8 * first, "victory {first} -> {last}");
        let d = render_sting(Sting::Defeat);
        let (first, last) = (pitch_at(&d, 0.0, 0.18), pitch_at(&d, 0.62, 0.8));
        assert!(last < 0.5 * first, "defeat {first} -> {last}");
    }

    #[test]
    fn stings_are_told_apart_by_length_or_shape() {
        let all: Vec<Vec<f32>> = STINGS.iter().map(|&s| render_sting(s)).collect();
        for i in 0..all.len() {
            for j in 0..i {
                let differ = all[i].len() != all[j].len()
                    || all[i]
                        .iter()
                        .zip(&all[j])
                        .any(|(a, b)| (a - b).abs() > 0.05);
                assert!(differ, "{:?} and {:?} sound alike", STINGS[i], STINGS[j]);
            }
        }
    }

    #[test]
    fn brick_break_steps_follow_the_scale() {
        let low = render_voice(Voice::BrickBreak, 0);
        let high = render_voice(Voice::BrickBreak, 5);
        // Step 5 is an octave up: twice the crossings, noise aside (measured after it).
        let cut = |s: &[f32]| pitch_of(&s[1500..3000]);
        let ratio = cut(&high) / cut(&low);
        assert!((ratio - 2.0).abs() < 0.25, "{ratio}");
    }
}
