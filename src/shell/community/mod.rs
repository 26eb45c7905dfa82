//! The Community screen in the window (issue 35): its page drawn over the
//! dimmed attract game, and the shared level's Copy and Share buttons. The
//! screen itself is `arkanong_core::app::community`'s, kept by the app state.

mod draw;
mod link;

pub(crate) use draw::{draw_community, pad_keys};
pub(crate) use link::{answer_copy_taps, copy_asked_key, shared_link};
