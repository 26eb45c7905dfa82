//! The collision lab in the window: input, the figure, the panel and its screenshot sidecar.

mod figure;
mod panel;
mod sidecar;
mod window;

pub(crate) use sidecar::save_lab_screenshot;
pub(crate) use window::LabShell;
