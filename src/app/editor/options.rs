//! `arkanong edit FILE [--frames N] [--screenshot F.png] [--size WxH]`.

/// Options of `arkanong edit`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EditOptions {
    /// The level file to edit; one that does not exist starts a new level.
    pub file: String,
    /// Quit after this many frames (for tests).
    pub frames: Option<u64>,
    /// Save the last frame here as PNG, with a JSON sidecar.
    pub screenshot: Option<String>,
    /// The window's size in logical pixels.
    pub size: Option<(u32, u32)>,
}

/// Parses the arguments after `edit`.
pub fn parse_edit_options(args: &[String]) -> Result<EditOptions, String> {
    let mut o = EditOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        match a.as_str() {
            "--frames" => {
                o.frames = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--frames takes a whole number".to_owned())?,
                );
            }
            "--screenshot" => o.screenshot = Some(value()?),
            "--size" => o.size = Some(crate::app::play::parse_size(&value()?)?),
            file if !file.starts_with('-') && o.file.is_empty() => o.file = file.to_owned(),
            other => return Err(format!("edit: unexpected `{other}`\nusage: arkanong edit FILE [--frames N] [--screenshot F.png] [--size WxH]")),
        }
    }
    if o.file.is_empty() {
        return Err(
            "usage: arkanong edit FILE [--frames N] [--screenshot F.png] [--size WxH]".to_owned(),
        );
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn edit_options_parse_file_and_flags() {
        let o = parse_edit_options(&args("l.txt --frames 60 --screenshot s.png --size 720x900"))
            .unwrap();
        assert_eq!(o.file, "l.txt");
        assert_eq!(
            (o.frames, o.screenshot.as_deref(), o.size),
            (Some(60), Some("s.png"), Some((720, 900)))
        );
        assert!(
            parse_edit_options(&args("--frames 6")).is_err(),
            "a file is required"
        );
        assert!(parse_edit_options(&args("a.txt b.txt")).is_err());
    }
}
