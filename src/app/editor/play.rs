//! Whether the level as it stands can be test-played in a mode.

use super::Editor;
use crate::app::play::PlayMode;
use crate::level::Level;

impl Editor {
    /// The level to test-play in `mode`, or why it cannot be: it has errors, or
    /// its `mode` setting does not allow that mode (solo, or versus for both the
    /// CPU and two players).
    pub fn playable(&self, mode: PlayMode) -> Result<&Level, String> {
        let Some(level) = self.doc.valid_level() else {
            let n = self.doc.diagnostics().iter();
            let n = n.filter(|d| d.diagnostic.is_error()).count();
            return Err(format!(
                "fix the {n} error(s) first: a level with errors cannot be played"
            ));
        };
        let allowed = match mode {
            PlayMode::Solo => level.mode.allows_solo(),
            _ => level.mode.allows_versus(),
        };
        if allowed {
            Ok(level)
        } else {
            Err(format!("this level is `mode = {}`", level.mode.keyword()))
        }
    }
}
