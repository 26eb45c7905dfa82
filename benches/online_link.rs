//! The online goals, measured: `cargo bench --bench online_link [-- RUNS]`.
//!
//! **Speed over long links** (issue 44), first: one match of 2,400 steps (20 s of
//! game at full speed; level 04_deflectors, seed 3, as the issue measured) over
//! each link of the issue, both sides impaired alike: clean, 75 ms each way with
//! 10 ms jitter and 5 % loss, 150/20/5 % and 150/20/15 %. A row a link: the speed
//! (steps a second over 120, from the first shared step to the last step
//! confirmed, the slower side's), each side's input delay in ms, the rollbacks
//! (both sides) and the deepest, and whether both sides reached the same hash with
//! no desync. With `ONLINE_LINK_BEFORE=/path/to/an/older/arkanong` the same rows
//! are played by that binary too and printed beside (the clients only; the server
//! is this build's).
//!
//! **Connect and hold over the loopback test's link**, then: RUNS matches (5 by
//! default) of 3,000 steps over 50 ms each way, 20 ms jitter, 5 % loss, the second
//! client joining 0.8 s after the first, against the goals: connecting under
//! 2 s, no frame held 250 ms or longer.
//!
//! One match at a time, so the two clients share the machine with nothing of
//! ours; say how loaded it was when quoting.

#[path = "../tests/common/loopback.rs"]
mod loopback;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use loopback::{bad_link_match, parse_line, parse_timing, scratch_data_dir, server, Server, BIN};

/// The links: (name, latency ms, jitter ms, loss percent), each way.
const LINKS: [(&str, u32, u32, u8); 4] = [
    ("clean", 0, 0, 0),
    ("75/10/5 %", 75, 10, 5),
    ("150/20/5 %", 150, 20, 5),
    ("150/20/15 %", 150, 20, 15),
];

/// Steps of a speed match: 20 s of game at full speed.
const SPEED_STEPS: u32 = 2400;

/// Seconds a headless client spends after its last step is confirmed: its
/// linger (`LINGER_SECONDS`) and the goodbye's 0.2 s.
const TAIL_SECONDS: f64 = 1.2;

/// What one side of a speed match printed, and when.
struct Side {
    stdout: String,
    stderr: String,
    ok: bool,
    /// Seconds from "online: playing" to the last step confirmed.
    play: f64,
}

/// Runs `bin` as a headless client and times it from its "online: playing" to
/// its exit, less [`TAIL_SECONDS`]: the same measure for any build, old or new.
fn timed_client(bin: &str, server: &Server, room: &str, extra: &[String]) -> Side {
    let mut child = Command::new(bin)
        .args(["online", "--server", &server.url, "--room", room])
        .args(["--ice", "none", "--headless", "--level", "04_deflectors"])
        .args(["--seed", "3", "--steps", &SPEED_STEPS.to_string()])
        .args(extra)
        .env("ARKANONG_DATA_DIR", scratch_data_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the client starts");
    let mut stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let mut playing = None;
    let mut err = String::new();
    for line in BufReader::new(stderr).lines().map_while(Result::ok) {
        if line == "online: playing" && playing.is_none() {
            playing = Some(Instant::now());
        }
        err.push_str(&line);
        err.push('\n');
    }
    let ok = child.wait().map(|s| s.success()).unwrap_or(false);
    let play = playing.map_or(f64::NAN, |t| t.elapsed().as_secs_f64() - TAIL_SECONDS);
    Side {
        stdout: out.join().unwrap_or_default(),
        stderr: err,
        ok,
        play,
    }
}

/// One link's figures for one build.
struct Speed {
    speed: f64,
    delays: (u32, u32),
    rollbacks: u32,
    deepest: u32,
    agree: bool,
}

/// The input delay a side reported, in ms (builds before issue 44 did not say:
/// their fixed 2 steps).
fn input_delay(stderr: &str) -> u32 {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("online timing: "))
        .and_then(|l| l.split("input delay ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(17)
}

fn speed_match(bin: &str, link: (u32, u32, u8), k: usize) -> Option<Speed> {
    let server = server();
    let room = format!("speed-{k}-{}", std::process::id());
    let flags: Vec<String> = [
        "--sim-latency".to_owned(),
        link.0.to_string(),
        "--sim-jitter".to_owned(),
        link.1.to_string(),
        "--sim-loss".to_owned(),
        link.2.to_string(),
    ]
    .to_vec();
    let (bin_a, server_a, room_a, flags_a) = (bin.to_owned(), &server, room.clone(), flags.clone());
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(move || timed_client(&bin_a, server_a, &room_a, &flags_a));
        std::thread::sleep(Duration::from_millis(300));
        let b = timed_client(bin, &server, &room, &flags);
        (a.join().unwrap(), b)
    });
    if !(a.ok && b.ok) {
        eprintln!("{bin} failed at {link:?}:\n{}\n{}", a.stderr, b.stderr);
        return None;
    }
    let (la, lb) = (parse_line(&a.stdout), parse_line(&b.stdout));
    let slower = a.play.max(b.play);
    Some(Speed {
        speed: f64::from(SPEED_STEPS) / slower / 120.0,
        delays: (input_delay(&a.stderr), input_delay(&b.stderr)),
        rollbacks: la.2 + lb.2,
        deepest: la.3.max(lb.3),
        agree: la.1 == lb.1 && la.4 == 0 && lb.4 == 0,
    })
}

fn show(s: &Option<Speed>) -> String {
    match s {
        None => "failed | | | |".to_owned(),
        Some(s) => format!(
            "{:.0} % | {}, {} | {} (deepest {}) | {}",
            s.speed * 100.0,
            s.delays.0,
            s.delays.1,
            s.rollbacks,
            s.deepest,
            if s.agree { "yes" } else { "NO" }
        ),
    }
}

fn speeds() {
    let before = std::env::var("ONLINE_LINK_BEFORE").ok();
    println!("online_link: speed, {SPEED_STEPS} steps a match, level 04_deflectors, seed 3");
    let head = "speed | input delay ms (each side) | rollbacks | same hash, 0 desyncs";
    match &before {
        Some(_) => println!("| link | before: {head} | after: {head} |"),
        None => println!("| link | {head} |"),
    }
    for (k, (name, latency, jitter, loss)) in LINKS.into_iter().enumerate() {
        let link = (latency, jitter, loss);
        let old = before.as_ref().map(|bin| speed_match(bin, link, 2 * k));
        let new = speed_match(BIN, link, 2 * k + 1);
        match old {
            Some(old) => println!("| {name} | {} | {} |", show(&old), show(&new)),
            None => println!("| {name} | {} |", show(&new)),
        }
    }
}

/// One run's figures.
struct Row {
    connect: u32,
    hold_first: u32,
    hold_second: u32,
    rollbacks: u32,
    agree: bool,
}

fn run(k: usize) -> Option<Row> {
    let m = bad_link_match(&format!("bench-{k}-{}", std::process::id()), 3000);
    let ((a_out, a_err, a_ok), (b_out, b_err, b_ok)) = (&m.first, &m.second);
    if !(*a_ok && *b_ok) {
        eprintln!("run {k} failed:\n{a_err}\n{b_err}");
        return None;
    }
    let (la, lb) = (parse_line(a_out), parse_line(b_out));
    let (connect, hold_second) = parse_timing(b_err);
    let (_, hold_first) = parse_timing(a_err);
    Some(Row {
        connect,
        hold_first,
        hold_second,
        rollbacks: la.2 + lb.2,
        agree: la.1 == lb.1 && la.4 == 0 && lb.4 == 0,
    })
}

fn median(mut v: Vec<u32>) -> u32 {
    v.sort_unstable();
    v[v.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; a bare number is the run count.
    let runs = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .unwrap_or(5)
        .max(1);
    speeds();
    println!();
    println!("online_link: {runs} matches of 3000 steps, 50 ms each way, 20 ms jitter, 5 % loss");
    println!(
        "| run | connect ms | worst hold ms (first, second) | rollbacks | same hash, 0 desyncs |"
    );
    println!("| --- | --- | --- | --- | --- |");
    let rows: Vec<Row> = (0..runs).filter_map(run).collect();
    for (k, r) in rows.iter().enumerate() {
        println!(
            "| {k} | {} | {}, {} | {} | {} |",
            r.connect,
            r.hold_first,
            r.hold_second,
            r.rollbacks,
            if r.agree { "yes" } else { "NO" }
        );
    }
    if rows.is_empty() {
        println!("no run finished");
        std::process::exit(1);
    }
    let connects: Vec<u32> = rows.iter().map(|r| r.connect).collect();
    let holds: Vec<u32> = rows
        .iter()
        .map(|r| r.hold_first.max(r.hold_second))
        .collect();
    let (worst_connect, worst_hold) = (
        *connects.iter().max().unwrap(),
        *holds.iter().max().unwrap(),
    );
    println!(
        "connect: median {} ms, worst {worst_connect} ms (goal under 2000: {})",
        median(connects),
        if worst_connect < 2000 {
            "met"
        } else {
            "NOT met"
        }
    );
    println!(
        "worst hold: median {} ms, worst {worst_hold} ms (goal under 250: {})",
        median(holds),
        if worst_hold < 250 { "met" } else { "NOT met" }
    );
    let failed = runs - rows.len();
    let disagreed = rows.iter().filter(|r| !r.agree).count();
    println!("runs failed {failed}, runs with a different hash or a desync {disagreed}");
}
