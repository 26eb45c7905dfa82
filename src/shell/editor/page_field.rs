//! The editor's open settings field as a real text box of the page, in the
//! browser (issue 33): a phone opens its keyboard only for a page's own input,
//! never for a canvas. The game says where the field is drawn and its text
//! (the `text_field` record: "X Y W H" in CSS pixels, a tab, the text; empty when
//! the field closes); web/text_field.js lays an `<input>` there and focuses it,
//! and hands back each change of its text (`text_field.typed`: "=" and the
//! text) and how it ended (`text_field.done`: "keep" for Enter or leaving the
//! box, "drop" for Escape). Both go through localStorage, as the editor's import
//! does: no wasm-bindgen, no unsafe code. On the desktop nothing of this runs:
//! the keyboard types into the field as before.

use arkanong_core::app::editor::{Field, FieldFrame};
use arkanong_core::app::records::{read_record, write_record};
use macroquad::prelude::Rect;

/// What the page was last told, so the record is written only on a change.
#[derive(Debug, Default)]
pub(crate) struct PageField {
    /// The place and text last sent ("" while no field is open).
    sent: String,
}

impl PageField {
    /// Each editor frame: with `open` (the field being edited and the box it was
    /// drawn in last frame), places the page's input there and takes its text and
    /// ending into `typing`; with none, takes the input away.
    pub(crate) fn frame(&mut self, open: Option<(&Field, Rect)>, typing: &mut FieldFrame) {
        if !cfg!(target_arch = "wasm32") {
            return;
        }
        let Some((field, r)) = open else {
            if !self.sent.is_empty() {
                self.sent.clear();
                // A storage that refuses it has no page input to take away either.
                let _ = write_record("text_field", "");
            }
            return;
        };
        let place = format!("{:.0} {:.0} {:.0} {:.0}", r.x, r.y, r.w, r.h);
        // Opened (or the window turned): the page's box starts from the text, and
        // nothing typed or ended in a box before this one counts.
        if self.sent.split('\t').next() != Some(place.as_str()) {
            for stale in ["text_field.typed", "text_field.done"] {
                let _ = write_record(stale, "");
            }
            self.sent = format!("{place}\t{}", field.text());
            let _ = write_record("text_field", &self.sent);
            return;
        }
        if let Some(text) = take("text_field.typed") {
            typing.replace = text.strip_prefix('=').map(str::to_owned);
        }
        match take("text_field.done").as_deref() {
            Some("keep") => typing.enter = true,
            Some("drop") => typing.escape = true,
            _ => {}
        }
    }
}

/// The record `name` if the page wrote one since it was last taken, emptied.
fn take(name: &str) -> Option<String> {
    let text = read_record(name).ok().flatten().filter(|t| !t.is_empty())?;
    let _ = write_record(name, "");
    Some(text)
}
