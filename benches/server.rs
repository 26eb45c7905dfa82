//! `arkanong server` measured: `cargo bench --bench server`.
//!
//! Prints three tables: rooms paired a second (a host joins, a guest joins, the
//! host hears the guest: one thread, then 4 at once); connect latency (TCP
//! connect to the `IdAssigned`) p50 and p99 with 1,000 rooms waiting; and the
//! server's peak memory (VmHWM) under each of the attacks, each on a
//! fresh server with its default limits (the non-reader's with the message rate
//! raised, so all its 600 signals go). Goals: p99 under 50 ms at 1,000 rooms,
//! every peak under 100 MiB. `ARKANONG_SERVER_BIN=path` measures another build's
//! server (the "before" column came from main's, matchbox_signaling).

#[path = "../tests/common/server_attacks.rs"]
mod attacks;

use std::time::{Duration, Instant};

use attacks::{
    flood_rooms, half_sent, hear, join_with_id, many_sockets, non_reader, oversized, peer_id,
    third_peer, Hosted,
};

/// Limits raised so one address (the bench's) can hold 1,000 rooms.
const ROOMY: [&str; 10] = [
    "--max-per-address",
    "5000",
    "--max-connections",
    "5000",
    "--join-burst",
    "100000",
    "--join-every",
    "1",
    "--max-rooms",
    "100000",
];

/// Pairs `pairs` rooms from `threads` threads; returns pairs a second and how
/// many hosts never heard their guest.
fn pair_rooms(addr: &str, pairs: usize, threads: usize, tag: &str) -> (f64, usize) {
    let start = Instant::now();
    let missed: usize = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut missed = 0;
                    for k in (t..pairs).step_by(threads) {
                        let room = format!("pair-{tag}-{k}");
                        let Some((mut host, _)) = join_with_id(addr, &room) else {
                            missed += 1;
                            continue;
                        };
                        let Some((_guest, guest)) = join_with_id(addr, &room) else {
                            missed += 1;
                            continue;
                        };
                        if peer_id(&hear(&mut host), "NewPeer").as_deref() != Some(guest.as_str()) {
                            missed += 1;
                        }
                    }
                    missed
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(pairs)).sum()
    });
    (pairs as f64 / start.elapsed().as_secs_f64(), missed)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    println!("## Rooms paired a second\n");
    println!("| threads | pairs | pairs/s | hosts that never heard their guest |");
    println!("| --- | --- | --- | --- |");
    let server = Hosted::start(&ROOMY);
    for threads in [1, 4] {
        let (rate, missed) = pair_rooms(&server.addr, 400, threads, &threads.to_string());
        println!("| {threads} | 400 | {rate:.0} | {missed} |");
    }
    drop(server);

    println!("\n## Connect latency with 1,000 rooms waiting\n");
    let server = Hosted::start(&ROOMY);
    let waiting: Vec<_> = (0..1000)
        .filter_map(|k| join_with_id(&server.addr, &format!("waiting-{k}")))
        .collect();
    let mut ms: Vec<f64> = (0..500)
        .filter_map(|k| {
            let start = Instant::now();
            let joined = join_with_id(&server.addr, &format!("late-{k}"));
            joined.map(|_| start.elapsed().as_secs_f64() * 1000.0)
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    println!("| rooms waiting | connects | p50 ms | p99 ms | worst ms | server peak MiB |");
    println!("| --- | --- | --- | --- | --- | --- |");
    println!(
        "| {} | {} | {:.2} | {:.2} | {:.2} | {:.1} |",
        waiting.len(),
        ms.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.99),
        ms.last().copied().unwrap_or(f64::NAN),
        server.peak_mib()
    );
    drop(waiting);
    drop(server);

    println!("\n## Peak memory under each attack (a fresh server each, default limits)\n");
    println!("| attack | what happened | server peak MiB |");
    println!("| --- | --- | --- |");
    let row = |attack: &str, what: String, server: &Hosted| {
        println!("| {attack} | {what} | {:.1} |", server.peak_mib());
    };
    let server = Hosted::start(&[]);
    let flood = flood_rooms(&server.addr, 1000);
    row(
        "room flood: 1,000 named rooms, 1,000 guessed codes, 1,000 POST /room",
        format!(
            "{} admitted, {} no such room, {} rate-limited, {} issued, {:.1} s",
            flood.admitted, flood.no_such_room, flood.rate_limited, flood.issued, flood.seconds
        ),
        &server,
    );
    // The per-peer message rate raised, so the sender's 600 signals all go.
    let server = Hosted::start(&["--max-messages-per-second", "1000"]);
    let attack = non_reader(&server.addr, 600);
    row(
        "non-reader sent 600 signals of 60 KB",
        format!(
            "sent {} MB, it got {} MB, then {:?}",
            attack.sent >> 20,
            attack.received >> 20,
            attack.ended
        ),
        &server,
    );
    for fragmented in [false, true] {
        let server = Hosted::start(&[]);
        let attack = oversized(&server.addr, 10 << 20, fragmented);
        let how = if fragmented {
            "in 64 KiB fragments"
        } else {
            "whole"
        };
        row(
            &format!("10 MB signal, {how}"),
            format!(
                "relayed {} bytes; sender heard {:?}",
                attack.relayed, attack.sender_heard
            ),
            &server,
        );
    }
    let server = Hosted::start(&[]);
    let (heard, after) = third_peer(&server.addr);
    row("third peer", format!("{heard:?} after {after:?}"), &server);
    let server = Hosted::start(&[]);
    let (upgraded, held) = many_sockets(&server.addr, 2000);
    row(
        "2,000 sockets from one address",
        format!("{} opened, {upgraded} upgraded", held.len()),
        &server,
    );
    drop(held);
    let server = Hosted::start(&[]);
    let wait = Duration::from_secs(12);
    let still = half_sent(&server.addr, 100, wait);
    row(
        "100 half-sent requests",
        format!("{still} still held after {} s", wait.as_secs()),
        &server,
    );
}
