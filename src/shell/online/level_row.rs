//! The host's "< Level >" row by touch (issue 47, F8): a tap on its left half
//! goes back a level and on its right half on, as its arrows say; a tap
//! anywhere on it used to go on.

use arkanong_core::app::input::MenuInput;
use macroquad::prelude::Rect;

use crate::shell::input::{menu_inputs, pointer};

/// The Level page's inputs from `rects` (the level row first): the menus'
/// keys, picks and swipes, with a tap on the level row read by its half.
pub(crate) fn level_page_inputs(rects: &[Rect]) -> Vec<MenuInput> {
    let mut out = menu_inputs(rects, [None, None]);
    let Some(row) = rects.first() else {
        return out;
    };
    let halves: Vec<MenuInput> = (pointer().taps.iter())
        .filter(|tap| row.contains(**tap))
        .map(|tap| MenuInput::Adjust {
            item: 0,
            up: tap.x >= row.center().x,
        })
        .collect();
    if !halves.is_empty() {
        out.retain(|c| *c != MenuInput::Pick(0));
    }
    out.extend(halves);
    out
}
