//! Issue 43's failure 4: a full disk under SQLite. The database lives on a
//! small tmpfs (12 MiB, mounted by attack.sh); a filler file takes all but
//! 256 KiB of it, then for 60 s a share and a rating a second; at 40 s the
//! filler goes (space returns). After the server stops, every acknowledged
//! write is looked for in the file.

use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::make;
use crate::net;
use crate::replays::share;
use crate::report::{Honest, Outcome, Tally};
use crate::server::Server;
use crate::Ctx;

/// Runs SQL on the gallery file with sqlite3: its output lines.
fn sqlite(file: &str, sql: &str) -> Vec<String> {
    let out = Command::new("sqlite3")
        .args([file, sql])
        .output()
        .expect("sqlite3 runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Fills the folder of `db` up to `leave` bytes free: the filler's path.
fn fill(db: &str, leave: u64) -> std::path::PathBuf {
    let dir = std::path::Path::new(db)
        .parent()
        .expect("the database's folder");
    let path = dir.join("filler");
    let mut f = std::fs::File::create(&path).expect("a filler file");
    let chunk = vec![0u8; 64 * 1024];
    let mut written = 0u64;
    while f.write_all(&chunk).is_ok() {
        written += chunk.len() as u64;
    }
    let _ = f.flush();
    let _ = f.set_len(written.saturating_sub(leave));
    path
}

/// The attack; `held` is the server, stopped here before the file is read.
pub(crate) async fn fulldisk(c: &Ctx, held: &mut Option<Server>) -> Outcome {
    let t = make::tag();
    let target = share(c, &make::plain_level(&t, 999), 0).await;
    let bodies: Vec<_> = (0..60)
        .map(|k| make::share_body(&make::plain_level(&t, k)))
        .collect();
    let filler = fill(&c.db, 256 * 1024);
    let honest = Honest::start(c.addr, Duration::from_millis(1000), 0);
    let answers = Tally::default();
    let started = Instant::now();
    // A share and a rating each second, sent on time whatever the answers
    // before them (a locked database takes 5 s to refuse).
    let mut writes = Vec::new();
    for (k, body) in bodies.into_iter().enumerate() {
        if k == 40 {
            let _ = std::fs::remove_file(&filler);
        }
        let (addr, target) = (c.addr, target.clone());
        writes.push(tokio::spawn(async move {
            let deadline = Duration::from_secs(30);
            let s = net::request(
                net::from(k),
                addr,
                "POST",
                "/gallery/levels",
                Some(&body),
                deadline,
            )
            .await;
            let player = format!("disk-rater-{k}-0123456789");
            let from = net::from(100 + k);
            let path = format!("/gallery/levels/{target}");
            let play = json!({ "player": player });
            net::request(
                from,
                addr,
                "POST",
                &format!("{path}/plays"),
                Some(&play),
                deadline,
            )
            .await;
            let rating = json!({ "player": player, "stars": 4 });
            let r = net::request(
                from,
                addr,
                "POST",
                &format!("{path}/rating"),
                Some(&rating),
                deadline,
            )
            .await;
            (k, s, r, player)
        }));
        let next = Duration::from_secs(k as u64 + 1);
        if let Some(wait) = next.checked_sub(started.elapsed()) {
            tokio::time::sleep(wait).await;
        }
    }
    let (mut shares_ok, mut raters_ok) = (Vec::new(), Vec::new());
    let (mut first_failure, mut after_failure_201) = (None::<usize>, 0);
    let (mut refused_full, mut ok_after_space) = (0, 0);
    let mut done = Vec::new();
    for w in writes {
        done.push(w.await.expect("a write's task"));
    }
    for (k, s, r, _) in &done {
        for a in [s, r] {
            if !(a.is(201) || a.is(200)) {
                first_failure = Some(first_failure.map_or(*k, |f| f.min(*k)));
            }
        }
    }
    for (k, s, r, player) in &done {
        answers.add(s.got);
        answers.add(r.got);
        for (a, is_share) in [(s, true), (r, false)] {
            let ok = a.is(201) || a.is(200);
            if ok && first_failure.is_some_and(|f| *k > f) {
                after_failure_201 += 1;
            }
            if !ok && *k < 40 {
                refused_full += 1;
            }
            if ok && *k >= 40 {
                ok_after_space += 1;
            }
            if ok && is_share {
                shares_ok.push(a.json()["code"].as_str().unwrap_or("").to_owned());
            } else if ok {
                raters_ok.push(player.clone());
            }
        }
    }
    let honest = honest.end().await;
    if let Some(server) = held.take() {
        server.stop();
    }
    let codes = sqlite(&c.db, "SELECT code FROM levels");
    let raters = sqlite(
        &c.db,
        &format!("SELECT player FROM ratings WHERE level_code = '{target}'"),
    );
    let shares_kept = shares_ok.iter().filter(|c| codes.contains(c)).count();
    let ratings_kept = raters_ok.iter().filter(|p| raters.contains(p)).count();
    Outcome {
        answers,
        honest,
        extra: format!(
            "60 s of a share and a rating a second on a full 12 MiB tmpfs (256 KiB left), space back at 40 s: first refusal at {}s; {} acknowledged (200/201) in the seconds after it; {} refused while full, {} acknowledged once space was back; after the stop: {} of {} acknowledged shares and {} of {} acknowledged ratings in the file (lost: {} and {})",
            first_failure.map(|k| k.to_string()).unwrap_or("-".into()),
            after_failure_201,
            refused_full,
            ok_after_space,
            shares_kept,
            shares_ok.len(),
            ratings_kept,
            raters_ok.len(),
            shares_ok.len() - shares_kept,
            raters_ok.len() - ratings_kept
        ),
    }
}
