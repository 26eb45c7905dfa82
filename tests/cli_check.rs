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
    let files: Vec<String> = arkanong::level::shipped_levels()
        .iter()
        .map(|l| format!("{}/levels/{}", env!("CARGO_MANIFEST_DIR"), l.file))
        .collect();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, out) = check(&args);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 with errors, 0 warnings"), "{out}");
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
