//! The lab's screenshot sidecar (FILE.png.json): the scene, its live `readouts` as
//! name-value pairs, where its handles are on screen, and the box each figure
//! name was placed in (`labels`), so a test can check the numbers, the picture
//! and the drawn texts together.

use arkanong_core::app::lab::{Lab, PlacedLabel};
use macroquad::prelude::*;

use super::figure::Frame;
use crate::shell::screenshot::{json_string, texts_json};

/// Saves the frame as PNG and the lab's sidecar beside it.
pub(crate) fn save_lab_screenshot(path: &str, lab: &Lab, frame: &Frame, labels: &[PlacedLabel]) {
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
    let labels: Vec<String> = labels
        .iter()
        .map(|l| {
            let (at, size) = (l.rect.min * dpi, l.rect.size() * dpi);
            format!(
                "{{\"text\":{},\"box\":[{:.1},{:.1},{:.1},{:.1}],\"leader\":{}}}",
                json_string(&l.text),
                at.x,
                at.y,
                size.x,
                size.y,
                l.leader.is_some()
            )
        })
        .collect();
    let json = format!(
        "{{\"width\":{},\"height\":{},\"scene\":{},\"preset\":{},\"readouts\":[{}],\"handles\":[{}],\"labels\":[{}],\"texts\":[{}]}}\n",
        (screen_width() * dpi) as u32,
        (screen_height() * dpi) as u32,
        json_string(lab.scene.name()),
        json_string(lab.presets().get(lab.preset).map_or("", |p| p.name)),
        readouts.join(","),
        handles.join(","),
        labels.join(","),
        texts_json().join(",")
    );
    if let Err(e) = std::fs::write(format!("{path}.json"), json) {
        eprintln!("{path}.json: cannot write: {e}");
    }
}
