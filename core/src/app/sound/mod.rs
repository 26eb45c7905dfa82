//! Sound, generated in code: the synthesiser, each voice's notes (the bank), which
//! cue answers each game event, and the music loop. The shell only loads and plays.

mod bank;
mod cues;
mod music;
pub mod synth;

pub use bank::{render_voice, VOICE_PEAK};
pub use cues::{step_ratio, Cue, SoundCues, Sting, Voice, BRICK_HIT_STEPS, SCALE};
pub use music::{
    music_samples, render_music, MUSIC_BARS, MUSIC_LOOP_SAMPLES, SAMPLES_PER_SIXTEENTH,
};
