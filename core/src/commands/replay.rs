//! `arkanong replay FILE`: plays a replay back and checks its final state hash.

use std::io::Write;

use crate::game::Replay;
use crate::user_file::{read_user_text, FileKind};

/// `arkanong replay FILE`: plays a replay back and checks its final state hash.
pub fn replay(path: &str, out: &mut impl Write) -> i32 {
    let text = match read_user_text(path, FileKind::Replay) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(out, "{path}: error: {e}");
            return 1;
        }
    };
    let result = Replay::parse(&text).and_then(|r| r.verify().map(|h| (r.inputs.len(), h)));
    match result {
        Ok((steps, hash)) => {
            let _ = writeln!(
                out,
                "{path}: ok: {steps} steps replayed, final state {hash:016x} matches"
            );
            0
        }
        Err(e) => {
            let _ = writeln!(out, "{path}: error: {e}");
            1
        }
    }
}
