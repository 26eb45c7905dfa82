//! The lab's screenshot sidecar (FILE.png.json): the scene, its live `readouts` as
//! name-value pairs, and where its handles are on screen, so a test can check the
//! numbers and the picture together.

use arkanong::app::lab::Lab;
use macroquad::prelude::*;

use super::figure::Frame;
use crate::shell::screenshot::{json_string, texts_json};

/// Saves the frame as PNG and the lab's sidecar beside it.
pub(crate) fn save_lab_screenshot(path: &str, lab: &Lab, frame: &Frame) {
    get_screen_data().export_png(path);
    let dpi = screen_dpi_scale();
    let readouts: Vec<String> = lab
        .readouts()
        .iter()
        .map(|r| {
            format!(
                "{{\"name\":{},\"value\":{}}}",
                json_string(&r.name),
                json_string(&r.value)
            )
        })
        .collect();
    let handles: Vec<String> = lab
        .handles
        .iter()
        .zip(lab.handle_names())
        .map(|(h, name)| {
            let p = frame.to_screen(*h) * dpi;
            format!(
                "{{\"name\":{},\"at\":[{:.1},{:.1}]}}",
                json_string(name),
                p.x,
                p.y
            )
        })
        .collect();
    let json = format!(
        "{{\"width\":{},\"height\":{},\"scene\":{},\"preset\":{},\"readouts\":[{}],\"handles\":[{}],\"texts\":[{}]}}\n",
        (screen_width() * dpi) as u32,
        (screen_height() * dpi) as u32,
        json_string(lab.scene.name()),
        json_string(lab.presets().get(lab.preset).map_or("", |p| p.name)),
        readouts.join(","),
        handles.join(","),
        texts_json().join(",")
    );
    if let Err(e) = std::fs::write(format!("{path}.json"), json) {
        eprintln!("{path}.json: cannot write: {e}");
    }
}
