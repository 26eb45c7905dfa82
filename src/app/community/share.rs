//! The link a shared level travels by: the page with `?level=CODE` in the
//! browser, the command `arkanong --level-code CODE` on the desktop.

/// The link to level `code`: `page` (the browser's address) with its query
/// replaced by `?level=CODE`, or the desktop's command when there is no page.
pub fn level_link(page: Option<&str>, code: &str) -> String {
    match page {
        Some(page) => {
            let base = page.split(['?', '#']).next().unwrap_or(page);
            format!("{base}?level={code}")
        }
        None => format!("arkanong --level-code {code}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_replace_the_pages_query_or_name_the_command() {
        assert_eq!(
            level_link(Some("https://x.example/play/?join=AB#top"), "KQZ4MP"),
            "https://x.example/play/?level=KQZ4MP"
        );
        assert_eq!(level_link(None, "KQZ4MP"), "arkanong --level-code KQZ4MP");
    }
}
