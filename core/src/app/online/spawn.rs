//! Running matchbox's message loop, which must be polled for anything to be sent
//! or received: a thread with a small executor on the desktop, the browser's own
//! event loop on the web.

use matchbox_socket::MessageLoopFuture;

/// Runs `message_loop` to its end, then tells `ended` why it ended.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn spawn_loop(
    message_loop: MessageLoopFuture,
    ended: impl FnOnce(String) + Send + 'static,
) {
    std::thread::spawn(move || {
        ended(match futures::executor::block_on(message_loop) {
            Ok(()) => "the connection ended".to_owned(),
            Err(e) => why(&e),
        });
    });
}

/// A loop's error in words, with the signaling error inside a failed connection
/// (it carries the server's close frame: see patches/README.md), which the
/// error's own words leave out.
fn why(e: &matchbox_socket::Error) -> String {
    match e {
        matchbox_socket::Error::ConnectionFailed(inner) => format!("{e} ({inner})"),
        _ => e.to_string(),
    }
}

/// Runs `message_loop` to its end, then tells `ended` why it ended.
#[cfg(target_arch = "wasm32")]
pub(crate) fn spawn_loop(message_loop: MessageLoopFuture, ended: impl FnOnce(String) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        ended(match message_loop.await {
            Ok(()) => "the connection ended".to_owned(),
            Err(e) => why(&e),
        });
    });
}
