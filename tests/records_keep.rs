//! Records that keep what they can read (issue 24): one case per test, each named
//! after what a player saw go wrong. A record is read as the game reads it
//! (`take_record`), saved as the game saves it (its values, then the kept lines),
//! and read again.

use arkanong_core::app::records::{
    load_keeping, save_keeping, take_record, HighScores, KeptLines, Progress, Record, Settings,
    Taken, Way,
};

/// Reads `text` as the game does; panics if the record is set aside.
fn load<T: Record>(text: &str) -> (T, KeptLines) {
    match take_record::<T>(text.as_bytes()) {
        Taken::Read(value, kept) => (value, kept),
        Taken::Unreadable(why) => panic!("set aside: {why}\n{text}"),
    }
}

#[test]
fn unknown_setting_line_keeps_the_others() {
    let text = "volume = 4\nsome_future_setting = 3\nhigh_contrast = true\n";
    let (mut s, kept) = load::<Settings>(text);
    assert!(s.high_contrast, "the player's high contrast applies");
    assert_eq!(s.volume, 4);
    assert_eq!(kept.lines, ["some_future_setting = 3"]);
    assert!(kept.report("settings").unwrap().contains("line 2"));
    // The player turns the volume up: the record is written back whole.
    s.volume = 5;
    let saved = kept.append_to(&s.to_text());
    assert!(saved.contains("some_future_setting = 3\n"), "{saved}");
    let (again, kept_again) = load::<Settings>(&saved);
    assert_eq!(again, s);
    assert_eq!(kept_again.lines, kept.lines);
}

#[test]
fn a_bad_setting_value_is_skipped_and_the_rest_apply() {
    let (s, kept) = load::<Settings>("muted = maybe\nreduced_motion = true\nvolume = 99\n");
    assert!(s.reduced_motion);
    assert_eq!(s.volume, Settings::default().volume);
    assert_eq!(kept.lines, ["muted = maybe", "volume = 99"]);
}

#[test]
fn a_key_binding_that_does_not_read_is_kept_and_the_others_apply() {
    let text = "key.single.fire = NoSuchKey\njuice.shake = false\njuice.wobble = true\n";
    let (s, kept) = load::<Settings>(text);
    assert!(!s.juice.shake);
    assert_eq!(s.bindings, Settings::default().bindings);
    assert_eq!(
        kept.lines,
        ["key.single.fire = NoSuchKey", "juice.wobble = true"]
    );
}

#[test]
fn scores_with_a_junk_line_keep_their_entries() {
    let text = "50\tsolo\tFunnel\tEVE\n%%% junk %%%\n30\tversus-hard\tArc\tBOB\n";
    let (mut scores, kept) = load::<HighScores>(text);
    assert_eq!(scores.entries.len(), 2);
    assert_eq!(kept.lines, ["%%% junk %%%"]);
    // The next game's entry joins them; none is lost on save.
    assert!(scores.add(arkanong_core::app::records::HighScore {
        score: 40,
        way: Way::Solo,
        level: "Arc".into(),
        name: "ZED".into(),
        set: String::new(),
    }));
    let saved = kept.append_to(&scores.to_text());
    let (again, _) = load::<HighScores>(&saved);
    let names: Vec<&str> = again.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["EVE", "ZED", "BOB"]);
    assert!(saved.contains("%%% junk %%%\n"));
}

#[test]
fn scores_from_a_newer_version_are_kept_unshown() {
    let text = "50\tsolo\tFunnel\tEVE\n70\tversus-insane\tArc\tBOB\n9\tsolo\tArc\tAL\tnew-field\n";
    let (scores, kept) = load::<HighScores>(text);
    assert_eq!(scores.entries.len(), 1);
    assert_eq!(kept.lines.len(), 2);
}

#[test]
fn progress_with_an_unknown_line_keeps_its_bests() {
    let text = "name = ZED\nbest.solo = 40 01_first_contact.txt\ntrophies = 3\n\
                best.versus-hard = 12 02_twin_hexes.txt\ncleared = 01_first_contact.txt\n";
    let (p, kept) = load::<Progress>(text);
    assert_eq!(p.best_of(Way::Solo, "01_first_contact.txt"), Some(40));
    assert_eq!(
        p.best_of(
            Way::Versus(arkanong_core::game::Difficulty::Hard),
            "02_twin_hexes.txt"
        ),
        Some(12)
    );
    assert!(p.cleared.contains("01_first_contact.txt"));
    assert_eq!(p.name, "ZED");
    let saved = kept.append_to(&p.to_text());
    assert!(saved.contains("trophies = 3\n"));
    assert_eq!(load::<Progress>(&saved).0, p);
}

#[test]
fn scores_and_progress_from_older_versions_still_load() {
    // Before names, before ways (`versus`, `two players`), before bests had ways.
    let (scores, kept) =
        load::<HighScores>("12\tsolo\tFunnel\n30\tversus\tArc\tBOB\n8\ttwo players\tArc\tAL\n");
    assert_eq!(scores.entries.len(), 2);
    assert_eq!(scores.entries[1].name, "");
    assert_eq!(
        kept.lines,
        ["8\ttwo players\tArc\tAL"],
        "no table now: kept"
    );
    let (p, kept) = load::<Progress>(
        "name = ABC\ncleared = 01_first_contact.txt\nbest = 45 levels/my level.txt\n",
    );
    assert!(kept.is_empty());
    assert_eq!(p.old_best["levels/my level.txt"], 45);
}

#[test]
fn binary_or_wrong_format_records_are_unreadable() {
    let unreadable = |b: &[u8]| matches!(take_record::<Settings>(b), Taken::Unreadable(_));
    assert!(unreadable(&[
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0
    ]));
    assert!(unreadable(b"volume = 3\0\0\0"));
    assert!(unreadable(b"[bricks]\n1111\n"), "a level saved as settings");
    assert!(!unreadable(b"a_newer_setting = 1\n"));
}

/// The one test that touches the data folder (the environment is the process's).
#[test]
fn an_unreadable_record_is_set_aside_with_a_time_stamp_before_a_save() {
    let dir = std::env::temp_dir().join(format!("arkanong-aside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::env::set_var("ARKANONG_DATA_DIR", &dir);
    let garbage = [0xffu8, 0xfe, 0x00, 0x42];
    std::fs::write(dir.join("scores.txt"), garbage).unwrap();
    // 2026-11-24 22:15:00 UTC.
    let loaded = load_keeping::<HighScores>("scores", 1_795_558_500);
    assert!(loaded.value.entries.is_empty());
    let aside = dir.join("scores.txt.unreadable-20261124T221500");
    assert_eq!(std::fs::read(&aside).unwrap(), garbage, "every byte kept");
    let message = loaded.message.unwrap();
    assert!(message.contains(&aside.display().to_string()), "{message}");
    assert!(loaded.notice.unwrap().contains("moved to"));
    // The next save writes a fresh record and leaves the copy alone.
    save_keeping("scores", "10\tsolo\tL\tABC\n", &loaded.kept).unwrap();
    assert_eq!(std::fs::read(&aside).unwrap(), garbage);
    let reread = load_keeping::<HighScores>("scores", 0);
    assert_eq!(reread.value.entries.len(), 1);
    assert_eq!(reread.message, None);
    // A record over the cap is set aside whole, not read.
    let huge = vec![b'#'; (arkanong_core::user_file::RECORD_CAP + 10) as usize];
    std::fs::write(dir.join("settings.txt"), &huge).unwrap();
    let loaded = load_keeping::<Settings>("settings", 0);
    assert_eq!(loaded.value, Settings::default());
    let aside = dir.join("settings.txt.unreadable-19700101T000000");
    assert_eq!(std::fs::metadata(&aside).unwrap().len(), huge.len() as u64);
    let _ = std::fs::remove_dir_all(&dir);
}
