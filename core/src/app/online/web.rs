//! The browser page's query string, the server of its own origin, its address and its clock: what
//! the online screens and the page's `?online` run (`crate::commands::WebRun`)
//! read from the page.

/// The browser's clock, in seconds (`Date.now()`; not the simulation's).
pub fn now_seconds() -> f64 {
    js_sys::Date::now() / 1000.0
}

/// One field of the page's `location` (`search`, `protocol`, `host`, `href`), empty when
/// there is none.
fn location_field(name: &str) -> String {
    let location = js_sys::Reflect::get(&js_sys::global(), &"location".into()).ok();
    location
        .and_then(|l| js_sys::Reflect::get(&l, &name.into()).ok())
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// The page's query string without its `?` (empty when there is none).
pub fn page_query() -> String {
    location_field("search").trim_start_matches('?').to_owned()
}

/// The server the page meets on when its address names none: its own origin
/// ([`super::server_for_page`]), `None` for a page opened from a file.
pub fn page_server() -> Option<String> {
    super::server_for_page(&location_field("protocol"), &location_field("host"))
}

/// The page's address (`location.href`).
pub fn page_href() -> String {
    location_field("href")
}
