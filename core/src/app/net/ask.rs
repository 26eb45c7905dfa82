//! A request sent off the frame loop: on a thread of its own on the desktop
//! (the client blocks), through the page's `fetch` in the browser (a future on
//! its event loop). Either puts its answer, read by the caller's `read`, in a
//! [`Slot`] the screen takes it from.

use super::{Deadlines, HttpAnswer, HttpRequest, Slot};

/// Sends `request` off the frame loop and returns the slot `read(answer)`
/// arrives in. An answer past `cap` body bytes is refused, not cut. On the
/// desktop the thread is named `name` and the request keeps to `deadlines`;
/// a thread that cannot start answers at once, as a failed request.
#[cfg(not(target_arch = "wasm32"))]
pub fn ask<T: Send + 'static>(
    name: &str,
    request: HttpRequest,
    cap: u64,
    deadlines: Deadlines,
    read: fn(HttpAnswer) -> T,
) -> Slot<T> {
    let slot = Slot::default();
    let writer = slot.clone();
    let spawned = std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || writer.put(read(super::send(&request, cap, deadlines))));
    match spawned {
        Ok(_) => slot,
        Err(e) => Slot::answered(read(Err(super::HttpError::Failed(e.to_string())))),
    }
}

/// Sends `request` through the page's `fetch` and returns the slot
/// `read(answer)` arrives in. An answer past `cap` body bytes is refused, not
/// cut. The thread's `name` and the `deadlines` are the desktop's.
#[cfg(target_arch = "wasm32")]
pub fn ask<T: 'static>(
    _name: &str,
    request: HttpRequest,
    cap: u64,
    _deadlines: Deadlines,
    read: fn(HttpAnswer) -> T,
) -> Slot<T> {
    let slot = Slot::default();
    let writer = slot.clone();
    wasm_bindgen_futures::spawn_local(async move {
        writer.put(read(super::fetch(&request, cap).await));
    });
    slot
}
