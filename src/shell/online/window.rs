//! Where online players meet, read from the page or the environment for the app
//! state's online screen (`arkanong_core::app::online::OnlineScreen`), which runs the
//! lobby, the link and the match.

use arkanong_core::app::online::{Meeting, DEFAULT_SERVER};

/// The browser's `?join=CODE` (an invitation link), if the page has one.
fn join_code_from_page() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = arkanong_core::app::online::page_query();
        query
            .split('&')
            .find_map(|p| p.strip_prefix("join="))
            .map(|c| c.to_ascii_uppercase())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The browser's `?watch=CODE` (a watch link), if the page has one and is no
/// headless run (`?online&watch=` is `arkanong online --watch`'s twin).
pub(crate) fn watch_code_from_page() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = arkanong_core::app::online::page_query();
        let pairs: Vec<&str> = query.split('&').collect();
        if pairs.contains(&"online") {
            return None;
        }
        let code = pairs.iter().find_map(|p| p.strip_prefix("watch="))?;
        arkanong_core::app::play::parse_watch_code(code).ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// The signaling server, the ICE servers and an invitation: the page's
/// `server=`, `ice=`, `ice-user=`, `ice-credential=` (or the page's own origin,
/// where `arkanong-server --web` serves it) and
/// `join=` in the browser; `ARKANONG_SERVER`, `ARKANONG_ICE`, `ARKANONG_ICE_USER`
/// and `ARKANONG_ICE_CREDENTIAL` on the desktop, where `--server` (`server`)
/// comes first. The ICE words are checked when
/// the online screen opens (bad ones are logged, never the password, and public
/// STUN is used).
pub(crate) fn read_meeting(server: Option<String>) -> Meeting {
    #[cfg(target_arch = "wasm32")]
    let (server, ice) = {
        let query = arkanong_core::app::online::page_query();
        let get = |key: &str| {
            query.split('&').find_map(|p| {
                p.strip_prefix(key)
                    .map(arkanong_core::app::online::percent_decode)
            })
        };
        let fallback =
            arkanong_core::app::online::page_server().unwrap_or_else(|| DEFAULT_SERVER.to_owned());
        let ice = ["ice=", "ice-user=", "ice-credential="].map(get);
        // The page has no `--server`: `server` is always None here.
        (server.or_else(|| get("server=")).unwrap_or(fallback), ice)
    };
    #[cfg(not(target_arch = "wasm32"))]
    let (server, ice) = (
        server.unwrap_or_else(|| {
            std::env::var("ARKANONG_SERVER").unwrap_or_else(|_| DEFAULT_SERVER.to_owned())
        }),
        [
            "ARKANONG_ICE",
            "ARKANONG_ICE_USER",
            "ARKANONG_ICE_CREDENTIAL",
        ]
        .map(|k| std::env::var(k).ok()),
    );
    Meeting {
        server,
        ice,
        invitation: join_code_from_page(),
        // The app names the player from its records as the screen opens.
        name: None,
    }
}
