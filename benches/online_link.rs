//! The online speed goals, measured: `cargo bench --bench online_link [-- RUNS]`.
//!
//! Each run starts `arkanong server` on 127.0.0.1 and two headless clients over
//! the bad link (50 ms each way, 20 ms jitter, 5 % loss), the second
//! joining 0.8 s after the first, for 3,000 steps of CPU against CPU. It prints a
//! row a run and then the medians and worsts against the goals: connecting (the
//! second joiner's, from joining to the first shared step) under 2 s, and no
//! frame held 250 ms or longer. Runs one match at a time, so the two clients
//! share the machine with nothing of ours; say how loaded it was when quoting.

#[path = "../tests/common/loopback.rs"]
mod loopback;

use loopback::{bad_link_match, parse_line, parse_timing};

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
