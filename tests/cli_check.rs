//! `arkanong check FILE...`: output format and exit codes, through the real binary.

use std::process::Command;

fn check(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arkanong"))
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn check_passes_every_shipped_level() {
    let files: Vec<String> = arkanong_core::level::shipped_levels()
        .iter()
        .map(|l| format!("{}/levels/{}", env!("CARGO_MANIFEST_DIR"), l.file))
        .collect();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, out) = check(&args);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 with errors, 0 warnings"), "{out}");
}

#[test]
fn check_passes_every_shipped_set_as_a_folder() {
    let mut dirs = vec![format!("{}/levels", env!("CARGO_MANIFEST_DIR"))];
    for set in &arkanong_core::level::shipped_sets()[1..] {
        dirs.push(format!(
            "{}/levels/{}",
            env!("CARGO_MANIFEST_DIR"),
            set.folder
        ));
    }
    let args: Vec<&str> = dirs.iter().map(String::as_str).collect();
    let (code, out) = check(&args);
    assert_eq!(code, 0, "{out}");
    let levels: usize = arkanong_core::level::shipped_sets()
        .iter()
        .map(|s| s.levels.len() + usize::from(s.info.is_some()))
        .sum();
    assert!(
        out.contains(&format!("checked {levels} files: 0 with errors")),
        "{out}"
    );
}

#[test]
fn check_of_a_set_folder_reports_a_bad_set_txt_key_and_a_broken_level() {
    let dir = std::env::temp_dir().join(format!("arkanong-check-set-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("set.txt"),
        "title = \"Mine\"\ndescriptoin = \"x\"\n",
    )
    .unwrap();
    let good = std::fs::read_to_string(format!(
        "{}/levels/01_first_contact.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::write(dir.join("01_good.txt"), &good).unwrap();
    let p = dir.to_string_lossy().into_owned();
    let (code, out) = check(&[&p]);
    assert_eq!(code, 1, "{out}");
    let set_txt = dir.join("set.txt").display().to_string();
    assert!(
        out.contains(&format!(
            "{set_txt}:2:1: error: unknown set key `descriptoin`"
        )),
        "{out}"
    );
    assert!(out.contains("hint: did you mean `description`?"), "{out}");
    assert!(out.contains("checked 2 files: 1 with errors"), "{out}");
    // Fixed, the set passes; a broken level then fails it.
    std::fs::write(dir.join("set.txt"), "title = \"Mine\"\n").unwrap();
    assert_eq!(check(&[&p]).0, 0);
    std::fs::write(
        dir.join("02_bad.txt"),
        "title = x\n[barriers]\nhexagon at 1,1 radius -3\n",
    )
    .unwrap();
    let (code, out) = check(&[&p]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("02_bad.txt:3:"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_reports_path_line_col_and_exits_1_on_a_broken_file() {
    let dir = std::env::temp_dir().join(format!("arkanong-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.txt");
    std::fs::write(
        &path,
        "title = Broken\n[barriers]\nhexagon at 400,300 radius -3\n",
    )
    .unwrap();
    let p = path.to_string_lossy().into_owned();
    let (code, out) = check(&[&p]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "{p}:3:27: error: a hexagon's radius must be more than 0"
        )),
        "{out}"
    );
    let (code, out) = check(&[&format!("{p}.missing")]);
    assert_eq!(code, 1);
    assert!(out.contains("cannot read the file"), "{out}");
}

/// Runs `arkanong check` on `bytes`, written to a file named after the case.
fn check_bytes_via_cli(case: &str, bytes: &[u8]) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("arkanong-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{case}.txt"));
    std::fs::write(&path, bytes).unwrap();
    check(&[&path.to_string_lossy()])
}

#[test]
fn check_answers_hostile_files_with_exit_1_and_bounded_output() {
    let long_line = format!("mode = {}\n[bricks]\n1\n", "x".repeat(60_000));
    let mut nul_text = b"title = a\0b\n[bri\0cks]\n\0\0\0\n".to_vec();
    nul_text.extend(vec![0u8; 10_000]);
    let mebibyte_line = format!(
        "[bricks]\n1\n[barriers]\npolygon {}\n",
        "1,1 ".repeat(250_000)
    );
    let cases: [(&str, Vec<u8>, &str); 7] = [
        (
            "mebibyte_line",
            mebibyte_line.into_bytes(),
            "4:137: error: a polygon may have at most 32 points",
        ),
        (
            "empty",
            Vec::new(),
            "1:1: error: the file has no level in it",
        ),
        (
            "comments",
            b"\xef\xbb\xbf# only\n\n".to_vec(),
            "error: the file has no level in it",
        ),
        (
            "long_line",
            long_line.into_bytes(),
            "1:8: error: unknown mode `xxxxxxxx",
        ),
        ("nul", nul_text, "2:2: error: unknown section `[bri\\0cks]`"),
        (
            "not_utf8",
            b"title = \xc3\x28\n\xff\xfe".to_vec(),
            "1:9: error: the file is not valid UTF-8",
        ),
        (
            "tiny_hexagon",
            b"[bricks]\n1\n[barriers]\nhexagon at 400,300 radius 0.00001\n".to_vec(),
            "4:1: error: this hexagon is too small or too thin",
        ),
    ];
    // Bounded in output here; the reader's work on such lines is counted (not
    // timed) by `level::tokens`'s `a_long_line_of_words_is_checked_in_linear_work`.
    for (case, bytes, expected) in cases {
        let (code, out) = check_bytes_via_cli(case, &bytes);
        assert_eq!(code, 1, "{case}: {out}");
        assert!(out.contains(expected), "{case}: {out}");
        assert!(out.len() < 8_000, "{case}: {} bytes of output", out.len());
        assert!(!out.contains('\0'), "{case}: a NUL reached the terminal");
    }
}

#[test]
fn check_answers_random_bytes_with_exit_0_or_1_never_a_panic() {
    // A fixed-seed xorshift: deterministic without a dependency.
    let mut state: u64 = 0x2026_1122;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for case in 0..20 {
        let len = (next() % 4000) as usize;
        let alphabet = b"[]#=.,x 0123456789-e\n\r\tabcdefghijklmnopqrstuvwxyz\xff\xc3\x00";
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        let (code, out) = check_bytes_via_cli(&format!("random{case}"), &bytes);
        assert!(code == 0 || code == 1, "case {case}: exit {code}\n{out}");
        assert!(out.contains("checked 1 file"), "case {case}: {out}");
        assert!(out.len() < 60 * 1_200, "case {case}: {} bytes", out.len());
    }
}

/// Runs the binary with `args`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arkanong"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The long flags of a clap command with their first line of help.
fn flags_with_help(c: &clap::Command) -> Vec<(String, String)> {
    c.get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(|a| {
            let help = a.get_help()?.to_string();
            let shown = match a.get_long() {
                Some(long) => format!("--{long}"),
                None => a.get_value_names()?.first()?.to_string(),
            };
            Some((shown, help))
        })
        .collect()
}

#[test]
fn help_lists_every_command_and_flag_with_its_help_and_exits_0() {
    use clap::CommandFactory;
    let cli = arkanong_core::commands::Cli::command();
    for flag in ["--help", "-h"] {
        let (code, out, _) = run(&[flag]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("Usage: arkanong"), "{out}");
        for (shown, help) in flags_with_help(&cli) {
            assert!(
                out.contains(&shown) && out.contains(&help),
                "{shown}: {out}"
            );
        }
        let subcommands: Vec<_> = cli.get_subcommands().collect();
        assert!(subcommands.len() >= 8, "{} subcommands", subcommands.len());
        for c in subcommands {
            let name = c.get_name();
            let about = c
                .get_about()
                .expect("every command says what it does")
                .to_string();
            assert!(out.contains(name) && out.contains(&about), "{name}: {out}");
            let (code, own, _) = run(&[name, flag]);
            assert_eq!(code, 0, "{name} {flag}: {own}");
            assert!(own.contains(&format!("Usage: arkanong {name}")), "{own}");
            assert!(own.contains(&about), "{own}");
            for (shown, help) in flags_with_help(c) {
                assert!(
                    own.contains(&shown) && own.contains(&help),
                    "{name} {shown}: {own}"
                );
            }
        }
    }
}

#[test]
fn misuse_prints_the_error_and_usage_and_exits_2() {
    for args in [
        &["--colour", "red"][..],
        &["sim", "1", "--speed", "9"],
        &["sim"],
        &["check"],
        &["check", "--fast"],
        &["replay", "--verbose", "f.txt"],
        &["determinism", "now"],
        &["edit"],
        &["dance"],
        &["--seed", "3", "check", "a.txt"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("Usage: arkanong"), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn a_bad_value_says_which_flag_and_why_and_exits_2() {
    for (args, says) in [
        (&["--seed", "x"][..], "--seed"),
        (&["--size", "100"], "--size takes WIDTHxHEIGHT"),
        (
            &["--mode", "duel"],
            "--mode takes solo, versus or two-players",
        ),
        (
            &["sim", "1", "--cpu", "genius"],
            "use off, easy, normal or hard",
        ),
        (&["server", "--port", "70000"], "--port"),
        (&["lab", "no-such-scene"], "swept-circle"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn sim_takes_frames_as_steps_and_seeds_in_decimal() {
    let (code, out, err) = run(&["sim", "1", "--frames", "30", "--seed", "12"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("steps:       30 "), "{out}");
    assert!(out.contains("seed 12"), "{out}");
}

#[test]
fn lab_list_prints_one_scene_per_line_with_a_description_and_no_window() {
    let out = Command::new(env!("CARGO_BIN_EXE_arkanong"))
        .args(["lab", "--list"])
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let expected: Vec<&str> = arkanong_core::app::lab::Scene::ALL
        .iter()
        .map(|s| s.name())
        .collect();
    assert_eq!(names, expected, "{text}");
    for line in text.lines() {
        assert!(
            line.split_whitespace().count() > 3,
            "no description: {line}"
        );
    }
}

#[test]
fn lab_unknown_scene_exits_2_and_lists_the_scenes() {
    let out = Command::new(env!("CARGO_BIN_EXE_arkanong"))
        .args(["lab", "no-such-scene"])
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("swept-circle"));
}
