//! Sound: the generated voices and music loaded and played; silent, with one line, without a device.

mod player;

pub(crate) use player::{audio_works, watch_for_missing_audio_device, SoundPlayer};
