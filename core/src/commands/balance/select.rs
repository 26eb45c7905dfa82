//! Which levels `balance` measures, and the label each row carries: every
//! shipped set by default (the root set's levels by file name, `01_first_contact`,
//! a subfolder set's as `SET/FILE`, `angles/02_fan`), one set (`--set`), or one
//! level (`--level`).

use crate::level::{find_shipped, load_level, shipped_sets, Level, ShippedSet};

/// The name `--set` gives the root set (its folder is `levels/` itself).
pub(super) const ROOT_SET_NAME: &str = "root";

/// The levels to measure, labelled: `level` if given, else the set named `set`,
/// else every shipped set, the root set first. An error comes back printed.
pub(super) fn select_levels(
    level: Option<&str>,
    set: Option<&str>,
) -> Result<Vec<(String, Level)>, String> {
    if let Some(name) = level {
        let (label, level) = load_level(name)?;
        return Ok(vec![(level_label(&label), level)]);
    }
    let sets: Vec<&ShippedSet> = match set {
        None => shipped_sets().iter().collect(),
        Some(name) => vec![find_set(name).ok_or_else(|| {
            let names: Vec<&str> = shipped_sets().iter().map(set_name).collect();
            format!(
                "{name}: error: no shipped set of that name (the sets: {})",
                names.join(", ")
            )
        })?],
    };
    Ok(sets
        .iter()
        .flat_map(|s| s.levels.iter())
        .map(|l| {
            let label = l.file.trim_end_matches(".txt").to_owned();
            (label, Level::parse(l.text).expect("shipped levels parse"))
        })
        .collect())
}

/// A set's name for `--set`: its folder, `root` for the root set.
fn set_name(set: &ShippedSet) -> &'static str {
    if set.folder.is_empty() {
        ROOT_SET_NAME
    } else {
        set.folder
    }
}

/// The shipped set `name` means: its folder (`angles`), `root`, or its title
/// (`Duels`, `Arkanong`), in any case.
fn find_set(name: &str) -> Option<&'static ShippedSet> {
    let name = name.trim_end_matches('/');
    shipped_sets()
        .iter()
        .find(|s| set_name(s).eq_ignore_ascii_case(name) || s.title().eq_ignore_ascii_case(name))
}

/// A loaded level's label for the table: a shipped level's name as the full
/// table shows it (`03_steel_line`, `angles/02_fan`), else the file's name
/// without its folder or `.txt`.
fn level_label(label: &str) -> String {
    if let Some(shipped) = label.strip_prefix("levels/").and_then(find_shipped) {
        return shipped.file.trim_end_matches(".txt").to_owned();
    }
    let name = label.rsplit(['/', '\\']).next().unwrap_or(label);
    name.trim_end_matches(".txt").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_by_default_labelled_by_set_and_file() {
        let all = select_levels(None, None).unwrap();
        let shipped: usize = shipped_sets().iter().map(|s| s.levels.len()).sum();
        assert_eq!(all.len(), shipped);
        assert_eq!(
            all[0].0, "01_first_contact",
            "the root set first, as before"
        );
        assert!(all.iter().any(|(l, _)| l == "angles/02_fan"), "{all:?}");
    }

    #[test]
    fn one_set_by_folder_or_title_and_one_level_by_set_slash_file() {
        let duels = select_levels(None, Some("duels")).unwrap();
        assert!(!duels.is_empty());
        assert!(duels.iter().all(|(l, _)| l.starts_with("duels/")));
        assert_eq!(select_levels(None, Some("Duels")).unwrap(), duels);
        let root = select_levels(None, Some("root")).unwrap();
        assert!(root.iter().all(|(l, _)| !l.contains('/')), "{root:?}");
        assert_eq!(select_levels(None, Some("arkanong")).unwrap(), root);
        let err = select_levels(None, Some("nope")).unwrap_err();
        assert!(err.contains("angles") && err.contains("root"), "{err}");

        let fan = select_levels(Some("angles/02_fan"), None).unwrap();
        assert_eq!(fan[0].0, "angles/02_fan");
        assert_eq!(
            select_levels(Some("3"), None).unwrap()[0].0,
            "03_steel_line"
        );
    }
}
