//! The touch strip's hint: what the strip under the arena is for, in two
//! phrases, on one line where it fits and never a word alone. The layout
//! (`app::layout`) gives the strip and the hint's slot; this gives the words.

/// What the touch strip is for, in two phrases.
pub const TOUCH_HINT: [&str; 2] = ["slide here to move,", "tap to serve"];

/// The touch hint of a two-player game on one phone: each player steers from
/// their own half of the screen (see `app::input::TouchSteer`).
pub const TWO_PLAYER_TOUCH_HINT: [&str; 2] =
    ["each player: slide in your half,", "tap it to serve"];

/// The touch strip's hint as one line where it fits `width` (as `measure`
/// measures it), else its two phrases on a line each: never a word alone.
pub fn touch_hint_lines(width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    hint_lines(TOUCH_HINT, width, measure)
}

/// [`touch_hint_lines`] for a game of `two_players` or one.
pub fn touch_hint_lines_for(
    two_players: bool,
    width: f32,
    measure: impl Fn(&str) -> f32,
) -> Vec<String> {
    let hint = if two_players {
        TWO_PLAYER_TOUCH_HINT
    } else {
        TOUCH_HINT
    };
    hint_lines(hint, width, measure)
}

fn hint_lines(hint: [&str; 2], width: f32, measure: impl Fn(&str) -> f32) -> Vec<String> {
    let whole = hint.join(" ");
    if measure(&whole) <= width {
        return vec![whole];
    }
    vec![hint[0].trim_end_matches(',').to_owned(), hint[1].to_owned()]
}
