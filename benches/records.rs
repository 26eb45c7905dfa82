//! Reading the records: a settings file as the game writes it, and a 1 MiB one
//! of lines the game must keep (a newer version's keys, bad values) among good
//! ones. Reading was O(lines x defaults), 2.4 s for the large file; each line is
//! now read alone, so the large file costs about its size in small reads.
//!
//! `cargo bench --bench records`. The work itself is counted, not timed, by
//! `reading_a_record_hands_each_line_to_the_reader_a_bounded_number_of_times`
//! (`src/app/records/record.rs`).

#![expect(missing_docs, reason = "criterion_group! generates an undocumented fn")]

use std::hint::black_box;

use arkanong_core::app::records::{read_keeping, Record, Settings};
use criterion::{criterion_group, criterion_main, Criterion};

/// About 1 MiB of settings lines: a third good, a third unknown, a third bad.
fn large_settings() -> String {
    let mut text = String::new();
    let mut i = 0u32;
    while text.len() < 1 << 20 {
        text.push_str(&match i % 3 {
            0 => format!("volume = {}\n", i % 11),
            1 => format!("future.setting{i} = {i}\n"),
            _ => format!("juice.shake = maybe{i}\n"),
        });
        i += 1;
    }
    text
}

fn reading(c: &mut Criterion) {
    let usual = Settings::default().to_text();
    c.bench_function("settings as written", |b| {
        b.iter(|| read_keeping::<Settings>(black_box(&usual)))
    });
    let large = large_settings();
    let mut group = c.benchmark_group("large records");
    group.sample_size(10);
    group.bench_function("settings, 1 MiB with kept lines", |b| {
        b.iter(|| read_keeping::<Settings>(black_box(&large)))
    });
    group.finish();
}

criterion_group!(benches, reading);
criterion_main!(benches);
